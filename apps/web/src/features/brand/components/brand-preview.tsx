import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fontStack } from '../../../lib/theme/font-stack';
import type { SchemeName } from '../../../lib/theme/color-themes';
import type { PreviewBrand } from './brand-preview-values';
import { PreviewApp } from './preview-app';
import { previewColors } from './preview-colors';
import { PreviewLogin } from './preview-login';

/** The result before saving: the app and the sign-in card with the edited name, colours, font and logo size. */
export function BrandPreview({ brand, readOnly = false }: { brand: PreviewBrand; readOnly?: boolean }) {
  const { t } = useTranslation('brand');
  const { mode, systemMode } = useColorScheme();
  const [scheme, setScheme] = useState<SchemeName | null>(null);
  const shown: SchemeName = scheme ?? ((mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light');
  const colors = useMemo(() => previewColors(brand, shown), [brand, shown]);
  return (
    <Card
      component="section"
      aria-labelledby="brand-preview-title"
      data-testid="brand-preview"
      sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}
    >
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
          <div>
            <Typography id="brand-preview-title" variant="h5" component="h2">
              {t('preview.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(readOnly ? 'preview.descriptionReadOnly' : 'preview.description')}
            </Typography>
          </div>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={shown}
            onChange={(_event, next: SchemeName | null) => next && setScheme(next)}
            aria-label={t('preview.mode')}
          >
            <ToggleButton value="light" aria-label={t('preview.light')}>
              <IconSun size={16} aria-hidden />
            </ToggleButton>
            <ToggleButton value="dark" aria-label={t('preview.dark')}>
              <IconMoon size={16} aria-hidden />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Stack spacing={2} sx={{ fontFamily: fontStack(brand.fontFamily) }}>
          <div>
            <Typography variant="overline" color="text.secondary" component="p">
              {t('preview.app')}
            </Typography>
            <PreviewApp brand={brand} colors={colors} />
          </div>
          <div>
            <Typography variant="overline" color="text.secondary" component="p">
              {t('preview.login')}
            </Typography>
            <PreviewLogin brand={brand} colors={colors} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
