import type { Direction } from '@sms/contracts/languages';
import type { Locale } from '@sms/contracts/locales';
import { createTheme, type Theme } from '@mui/material/styles';
import { muiLocaleOf, pickersLocaleOf } from '../i18n/mui-locale';
import { brandPaletteGroup, brandSwatch, contrastTextFor, type BrandColors } from './brand-palette';
import type { ColorThemeName, SchemeName } from './color-themes';
import { componentOverrides } from './components';
import { ON_BACKGROUND, TYPE_SCALE } from './design-tokens';
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
  /** The interface locale: one of the four languages or a MUI locale such as de-DE (decision 107). */
  language: Locale;
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
    common: { onBackground: ON_BACKGROUND[scheme] },
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
      // The type scale the sign-in page's CSS reads too, through MUI's --sms-font-* variables (design-tokens.ts).
      typography: { fontFamily: fontStack(brand.fontFamily), ...TYPE_SCALE },
      components: componentOverrides({ cardShadow }),
    },
    // MUI's own component labels (pagination, alerts, ...), loaded with the language, and for a
    // MUI locale (de-DE, ...) the date pickers' texts too (the four languages' come with the picker).
    muiLocaleOf(language),
    pickersLocaleOf(language) ?? {},
  );
}
