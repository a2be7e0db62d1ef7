import type { Direction, Language } from '@sms/contracts/languages';
import { createTheme, type Theme } from '@mui/material/styles';
import { muiLocaleOf } from '../i18n/mui-locale';
import { brandPaletteGroup, brandSwatch, contrastTextFor, type BrandColors } from './brand-palette';
import type { ColorThemeName, SchemeName } from './color-themes';
import { componentOverrides } from './components';
import { fontStack } from './font-stack';
import { schemeColors } from './scheme-colors';

/** Inter first (bundled nowhere: CSP and the closed network forbid remote fonts), then system faces. */
export const FONT_FAMILY = fontStack('Inter');

/** What the brand settings contribute to the theme. */
export interface BrandThemeInput extends BrandColors {
  fontFamily: string;
}

export interface ThemeInput {
  colorTheme: ColorThemeName;
  direction: Direction;
  language: Language;
  borderRadius: number;
  cardShadow: boolean;
  brand: BrandThemeInput;
  /** Fallback colours when a brand colour is unreadable (the contract defaults). */
  brandDefaults: BrandColors;
}

/** The scheme's palette plus the brand accent (with a readable contrast text) and palette.brand. */
function schemeWithBrand(colorTheme: ColorThemeName, brand: BrandColors, defaults: BrandColors, scheme: SchemeName) {
  const accent = brandSwatch(brand.accentColor, scheme);
  return {
    ...schemeColors(colorTheme, brand, scheme),
    accent: { ...accent, contrastText: contrastTextFor(accent.main) },
    brand: brandPaletteGroup(brand, defaults),
    contrastThreshold: 4.5,
  };
}

/** The MUI theme: light and dark colour schemes (brand or colour theme) and the brand font, as CSS variables. */
export function buildTheme({ colorTheme, direction, language, borderRadius, cardShadow, brand, brandDefaults }: ThemeInput): Theme {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class', cssVarPrefix: 'sms' },
      colorSchemes: {
        light: { palette: schemeWithBrand(colorTheme, brand, brandDefaults, 'light') },
        dark: { palette: schemeWithBrand(colorTheme, brand, brandDefaults, 'dark') },
      },
      direction,
      shape: { borderRadius },
      focusVisible: true,
      typography: {
        fontFamily: fontStack(brand.fontFamily),
        h1: { fontWeight: 600, fontSize: '2.25rem', lineHeight: 1.2 },
        h2: { fontWeight: 600, fontSize: '1.875rem', lineHeight: 1.2 },
        h3: { fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.3 },
        h4: { fontWeight: 600, fontSize: '1.3125rem', lineHeight: 1.35 },
        h5: { fontWeight: 600, fontSize: '1.125rem', lineHeight: 1.6 },
        h6: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.6 },
        button: { fontWeight: 600 },
        body1: { fontSize: '0.875rem', lineHeight: 1.35 },
        body2: { fontSize: '0.8125rem', lineHeight: 1.4 },
        subtitle1: { fontSize: '0.875rem', fontWeight: 400 },
        subtitle2: { fontSize: '0.875rem', fontWeight: 500 },
      },
      components: componentOverrides({ cardShadow }),
    },
    // MUI's own component labels (pagination, alerts, ...), loaded with the language.
    muiLocaleOf(language),
  );
}
