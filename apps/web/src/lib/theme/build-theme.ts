import type { Direction, Language } from '@sms/contracts/languages';
import { arEG, enUS, frFR, zhCN, type Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { ColorThemeName } from './color-themes';
import { componentOverrides } from './components';
import { schemePalette } from './palettes';

/** MUI's own component labels (pagination, alerts, ...) per interface language. */
const MUI_LOCALES: Record<Language, Localization> = { en: enUS, fr: frFR, ar: arEG, zh: zhCN };

/** Inter first (bundled nowhere: CSP and the closed network forbid remote fonts), then system faces. */
export const FONT_FAMILY =
  "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Arabic', 'PingFang SC', 'Microsoft YaHei', sans-serif";

export interface ThemeInput {
  colorTheme: ColorThemeName;
  direction: Direction;
  language: Language;
  borderRadius: number;
  cardShadow: boolean;
}

/** The MUI theme: light and dark colour schemes of one colour theme, as CSS variables. */
export function buildTheme({ colorTheme, direction, language, borderRadius, cardShadow }: ThemeInput): Theme {
  return createTheme(
    {
      cssVariables: { colorSchemeSelector: 'class', cssVarPrefix: 'sms' },
      colorSchemes: {
        light: { palette: { ...schemePalette(colorTheme, 'light'), contrastThreshold: 4.5 } },
        dark: { palette: { ...schemePalette(colorTheme, 'dark'), contrastThreshold: 4.5 } },
      },
      direction,
      shape: { borderRadius },
      focusVisible: true,
      typography: {
        fontFamily: FONT_FAMILY,
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
    MUI_LOCALES[language],
  );
}
