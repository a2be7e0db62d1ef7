/** The six selectable colour themes (spec section 3), BLUE_THEME first and default. */
export const COLOR_THEMES = ['BLUE_THEME', 'AQUA_THEME', 'PURPLE_THEME', 'GREEN_THEME', 'CYAN_THEME', 'ORANGE_THEME'] as const;
export type ColorThemeName = (typeof COLOR_THEMES)[number];
export const DEFAULT_COLOR_THEME: ColorThemeName = 'BLUE_THEME';

export type SchemeName = 'light' | 'dark';

/** A theme colour: its main shade and the tinted surface ("light") used behind it. */
export interface ThemeColor {
  main: string;
  light: string;
}

export interface ColorThemeDefinition {
  primary: Record<SchemeName, ThemeColor>;
  secondary: Record<SchemeName, ThemeColor>;
}

/** Main colours from the spec (BLUE) and the Modernize-style themes; tints per scheme. */
export const COLOR_THEME_DEFINITIONS: Record<ColorThemeName, ColorThemeDefinition> = {
  BLUE_THEME: {
    primary: { light: { main: '#5D87FF', light: '#ECF2FF' }, dark: { main: '#5D87FF', light: '#1B3565' } },
    secondary: { light: { main: '#49BEFF', light: '#E8F7FF' }, dark: { main: '#49BEFF', light: '#103E5E' } },
  },
  AQUA_THEME: {
    primary: { light: { main: '#0074BA', light: '#EBF3FE' }, dark: { main: '#0074BA', light: '#103C65' } },
    secondary: { light: { main: '#47D7BC', light: '#EDFBF7' }, dark: { main: '#47D7BC', light: '#0C4339' } },
  },
  PURPLE_THEME: {
    primary: { light: { main: '#763EBD', light: '#F2ECF9' }, dark: { main: '#763EBD', light: '#2B1A45' } },
    secondary: { light: { main: '#95CFD5', light: '#EDF8FA' }, dark: { main: '#95CFD5', light: '#09373B' } },
  },
  GREEN_THEME: {
    primary: { light: { main: '#0A7EA4', light: '#F4F9FB' }, dark: { main: '#0A7EA4', light: '#05313F' } },
    secondary: { light: { main: '#CCDA4E', light: '#FAFBEF' }, dark: { main: '#CCDA4E', light: '#282917' } },
  },
  CYAN_THEME: {
    primary: { light: { main: '#01C0C8', light: '#EBF9FA' }, dark: { main: '#01C0C8', light: '#003638' } },
    secondary: { light: { main: '#FB9678', light: '#FFF5F2' }, dark: { main: '#FB9678', light: '#40241C' } },
  },
  ORANGE_THEME: {
    primary: { light: { main: '#FA896B', light: '#FBF2EF' }, dark: { main: '#FA896B', light: '#402E32' } },
    secondary: { light: { main: '#0074BA', light: '#EFF9FF' }, dark: { main: '#0074BA', light: '#082E45' } },
  },
};

/** Whether a stored value names one of the six themes. */
export const isColorThemeName = (value: unknown): value is ColorThemeName =>
  typeof value === 'string' && (COLOR_THEMES as readonly string[]).includes(value);
