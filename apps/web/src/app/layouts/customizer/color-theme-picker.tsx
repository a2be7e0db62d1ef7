import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand/use-brand';
import { COLOR_THEMES, COLOR_THEME_DEFINITIONS, DEFAULT_COLOR_THEME, type ColorThemeName } from '../../../lib/theme/color-themes';

/**
 * Six round swatches (a radio group) choosing the colour theme. The default one shows the
 * brand's colours (see build-theme.ts); the others are personal overrides.
 */
export function ColorThemePicker({ value, onChange }: { value: ColorThemeName; onChange: (theme: ColorThemeName) => void }) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const { primaryColor, secondaryColor } = useBrand().settings;
  const swatchColors = (name: ColorThemeName) =>
    name === DEFAULT_COLOR_THEME
      ? [primaryColor, secondaryColor]
      : [COLOR_THEME_DEFINITIONS[name].primary.light.main, COLOR_THEME_DEFINITIONS[name].secondary.light.main];
  return (
    <>
      <Typography id={labelId} variant="h6" component="h3" sx={{ mt: 3, mb: 1.5 }}>
        {t('customizer.colorTheme')}
      </Typography>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
        {COLOR_THEMES.map((name) => {
          const selected = name === value;
          const [primary, secondary] = swatchColors(name);
          return (
            <Tooltip key={name} title={t(`customizer.themes.${name}`)}>
              <Box
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={t(`customizer.themes.${name}`)}
                onClick={() => onChange(name)}
                sx={{
                  height: 56,
                  display: 'grid',
                  placeItems: 'center',
                  cursor: 'pointer',
                  bgcolor: 'transparent',
                  border: 1,
                  borderColor: selected ? 'textColor.primary' : 'divider',
                  borderRadius: 1,
                  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'textColor.primary', outlineOffset: 2 },
                }}
              >
                <Box
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    color: '#fff',
                    background: `linear-gradient(135deg, ${primary} 50%, ${secondary} 50%)`,
                  }}
                >
                  {selected ? <IconCheck size={16} stroke={3} aria-hidden /> : null}
                </Box>
              </Box>
            </Tooltip>
          );
        })}
      </Box>
    </>
  );
}
