import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconAddressBook, IconLayoutDashboard, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH, TOPBAR_HEIGHT } from '../../../lib/theme/customizer-settings';
import type { PreviewBrand } from './brand-preview-values';
import type { PreviewColors } from './preview-colors';
import { PreviewLogo } from './preview-logo';

/** The app in miniature: the real sidebar and top bar sizes at this scale. */
const SCALE = 0.6;
const NAV = [
  { key: 'dashboard', icon: IconLayoutDashboard },
  { key: 'contacts', icon: IconAddressBook },
  { key: 'campaigns', icon: IconSend },
] as const;

/** Sidebar, top bar, a heading and the primary, secondary and accent colours in use. */
export function PreviewApp({ brand, colors }: { brand: PreviewBrand; colors: PreviewColors }) {
  const { t } = useTranslation('brand');
  const { palette, accent } = colors;
  const sidebarWidth = Math.round(SIDEBAR_WIDTH * SCALE);
  return (
    <Box
      sx={{
        display: 'flex',
        minHeight: 230,
        border: 1,
        borderColor: palette.divider,
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: palette.background.default,
        color: palette.text.primary,
      }}
    >
      <Box sx={{ width: sidebarWidth, flexShrink: 0, borderInlineEnd: 1, borderColor: palette.divider, bgcolor: palette.background.paper }}>
        <Box sx={{ minHeight: Math.round(TOPBAR_HEIGHT * SCALE), px: 1.5, display: 'flex', alignItems: 'center' }}>
          <PreviewLogo
            brand={brand}
            scale={SCALE}
            maxWidth={sidebarWidth - 24}
            markColor={palette.primary.main}
            markText={colors.onPrimary}
          />
        </Box>
        <Box sx={{ px: 1, pt: 0.5 }}>
          {NAV.map(({ key, icon: Icon }, index) => (
            <Box
              key={key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                py: 0.75,
                mb: 0.5,
                borderRadius: 1,
                fontSize: 11,
                fontWeight: index === 0 ? 600 : 400,
                bgcolor: index === 0 ? palette.primary.light : 'transparent',
                color: index === 0 ? palette.textColor.primary : palette.text.secondary,
              }}
            >
              <Icon size={14} stroke={1.7} aria-hidden />
              {t(`preview.nav.${key}`)}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{
            height: Math.round(TOPBAR_HEIGHT * SCALE),
            px: 1.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1,
            borderBottom: 1,
            borderColor: palette.divider,
          }}
        >
          <Box sx={{ width: 60, height: 8, borderRadius: 4, bgcolor: palette.grey[200] }} />
          <Box
            sx={{
              width: 20,
              height: 20,
              borderRadius: '50%',
              bgcolor: palette.primary.light,
              border: 1,
              borderColor: palette.primary.main,
            }}
          />
        </Box>
        <Box sx={{ p: 1.5 }}>
          <Typography sx={{ fontFamily: 'inherit', fontWeight: 600, fontSize: 14, color: palette.text.primary }}>
            {t('preview.heading')}
          </Typography>
          <Typography sx={{ fontFamily: 'inherit', fontSize: 11, color: palette.text.secondary, mb: 1.5 }}>{t('preview.body')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
            <Box
              data-testid="preview-primary-button"
              sx={{
                px: 1.25,
                py: 0.5,
                borderRadius: 1,
                fontSize: 11,
                fontWeight: 600,
                bgcolor: palette.primary.main,
                color: colors.onPrimary,
              }}
            >
              {t('preview.primaryButton')}
            </Box>
            <Box
              sx={{
                px: 1.25,
                py: 0.5,
                borderRadius: 1,
                fontSize: 11,
                fontWeight: 600,
                border: 1,
                borderColor: palette.secondary.main,
                color: palette.textColor.secondary,
              }}
            >
              {t('preview.secondaryButton')}
            </Box>
            <Box sx={{ px: 1, py: 0.25, borderRadius: 4, fontSize: 10, fontWeight: 600, bgcolor: accent.main, color: colors.onAccent }}>
              {t('preview.accent')}
            </Box>
          </Box>
          <Box sx={{ mt: 1.5, height: 6, borderRadius: 3, bgcolor: palette.grey[200], overflow: 'hidden' }}>
            <Box sx={{ width: '64%', height: '100%', bgcolor: palette.secondary.main }} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
