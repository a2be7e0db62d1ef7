import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PreviewBrand } from './brand-preview-values';
import type { PreviewColors } from './preview-colors';
import { PreviewLogo } from './preview-logo';

const SCALE = 0.6;

/** The centred sign-in card in miniature, on the page's brand tints. */
export function PreviewLogin({ brand, colors }: { brand: PreviewBrand; colors: PreviewColors }) {
  const { t } = useTranslation('brand');
  const { palette } = colors;
  const field = (label: string) => (
    <Box sx={{ mb: 1 }}>
      <Typography sx={{ fontFamily: 'inherit', fontSize: 10, color: palette.text.secondary, mb: 0.25 }}>{label}</Typography>
      <Box sx={{ height: 22, border: 1, borderColor: palette.grey[300], borderRadius: 1 }} />
    </Box>
  );
  return (
    <Box
      sx={{
        p: 2.5,
        borderRadius: 1.5,
        border: 1,
        borderColor: palette.divider,
        bgcolor: palette.background.default,
        backgroundImage: `radial-gradient(circle at 15% 10%, ${palette.primary.light} 0, transparent 45%), radial-gradient(circle at 85% 90%, ${palette.secondary.light} 0, transparent 40%)`,
      }}
    >
      <Box
        sx={{
          maxWidth: 260,
          mx: 'auto',
          p: 2,
          borderRadius: 1.5,
          bgcolor: palette.background.paper,
          color: palette.text.primary,
          boxShadow: '0 8px 24px -12px rgb(0 0 0 / 35%)',
        }}
      >
        <Box sx={{ textAlign: 'center', mb: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 0.75 }}>
            <PreviewLogo
              brand={brand}
              showName={false}
              scale={SCALE}
              maxWidth={228}
              markColor={palette.primary.main}
              markText={colors.onPrimary}
              center
            />
          </Box>
          <Typography
            data-testid="preview-app-name"
            sx={{ fontFamily: 'inherit', fontWeight: 700, fontSize: 13, overflowWrap: 'anywhere' }}
          >
            {brand.appName}
          </Typography>
          <Typography sx={{ fontFamily: 'inherit', fontSize: 10, color: palette.text.secondary, overflowWrap: 'anywhere' }}>
            {brand.description}
          </Typography>
        </Box>
        {field(t('preview.email'))}
        {field(t('preview.password'))}
        <Box
          sx={{
            mt: 1.5,
            py: 0.75,
            borderRadius: 1,
            textAlign: 'center',
            fontSize: 11,
            fontWeight: 600,
            bgcolor: palette.primary.main,
            color: colors.onPrimary,
          }}
        >
          {t('preview.signIn')}
        </Box>
      </Box>
    </Box>
  );
}
