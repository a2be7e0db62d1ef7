import { mix, shadeForContrast } from './color';
import { COLOR_THEME_DEFINITIONS, type ColorThemeName, type SchemeName } from './color-themes';

/** Spec section 9: dark mode background. */
export const DARK_BACKGROUND = '#041E42';
/** Paper (cards, menus, drawers) in dark mode: the background lifted a little towards white. */
export const DARK_PAPER = mix(DARK_BACKGROUND, '#FFFFFF', 0.06);

export type TextColorKey = 'primary' | 'secondary' | 'success' | 'info' | 'error' | 'warning';

export interface Swatch {
  main: string;
  light: string;
  dark: string;
}

/** Everything createTheme needs for one colour scheme of one colour theme (plain data). */
export interface SchemePalette {
  mode: SchemeName;
  primary: Swatch;
  secondary: Swatch;
  success: Swatch;
  info: Swatch;
  error: Swatch;
  warning: Swatch;
  /** Shades of each colour that stay readable (4.5:1) as text on the page: use for text, not main. */
  textColor: Record<TextColorKey, string>;
  background: { default: string; paper: string };
  text: { primary: string; secondary: string };
  divider: string;
  grey: Record<100 | 200 | 300 | 400 | 500 | 600, string>;
}

/** Spec section 9 default status colours; the tints follow the scheme. */
const STATUS = {
  success: { main: '#13DEB9', light: { light: '#E6FFFA', dark: '#1B3C48' } },
  info: { main: '#539BFF', light: { light: '#EBF3FE', dark: '#223662' } },
  error: { main: '#FA896B', light: { light: '#FDEDE8', dark: '#4B313D' } },
  warning: { main: '#FFAE1F', light: { light: '#FEF5E5', dark: '#4D3A2A' } },
} as const;

const LIGHT_BASE = {
  background: { default: '#FFFFFF', paper: '#FFFFFF' },
  text: { primary: '#2A3547', secondary: '#5A6A85' },
  divider: '#E5EAEF',
  grey: { 100: '#F2F6FA', 200: '#EAEFF4', 300: '#DFE5EF', 400: '#7C8FAC', 500: '#5A6A85', 600: '#2A3547' },
};

const DARK_BASE = {
  background: { default: DARK_BACKGROUND, paper: DARK_PAPER },
  text: { primary: '#EAEFF4', secondary: '#A6B4CB' },
  divider: '#1F3A63',
  grey: { 100: '#15305A', 200: '#1C3865', 300: '#2A4674', 400: '#7C8FAC', 500: '#A6B4CB', 600: '#EAEFF4' },
};

/** A colour's main shade, its tinted surface ("light", drawn behind text) and its hover shade. */
export const swatch = (main: string, light: string, dark = mix(main, '#000000', 0.15)): Swatch => ({ main, light, dark });

/** The surfaces of `scheme` (page, paper, text, divider, greys). */
export const schemeBase = (scheme: SchemeName) => (scheme === 'dark' ? DARK_BASE : LIGHT_BASE);

/**
 * The full palette of one scheme around a primary and a secondary swatch: the spec's status
 * colours, the scheme's surfaces, and readable text shades of every colour.
 */
export function paletteFromColors(main: { primary: Swatch; secondary: Swatch }, scheme: SchemeName): SchemePalette {
  const base = schemeBase(scheme);
  const page = base.background.paper;
  // Text shades: darken on light pages, lighten on dark ones, until they read at 4.5:1 on the
  // page and on the colour's own tint (selected menu items, chips, alerts).
  const readable = (hex: string, tint: string) =>
    shadeForContrast(hex, [page, base.background.default, tint], 4.6, scheme === 'dark' ? '#FFFFFF' : '#000000');
  const status = (key: keyof typeof STATUS) => swatch(STATUS[key].main, STATUS[key].light[scheme]);
  const colors = {
    primary: main.primary,
    secondary: main.secondary,
    success: status('success'),
    info: status('info'),
    error: status('error'),
    warning: status('warning'),
  };
  const textColor = Object.fromEntries(Object.entries(colors).map(([key, value]) => [key, readable(value.main, value.light)])) as Record<
    TextColorKey,
    string
  >;
  return { mode: scheme, ...colors, textColor, ...base };
}

/** The palette of `theme` in `scheme` (six themes x light/dark). */
export function schemePalette(theme: ColorThemeName, scheme: SchemeName): SchemePalette {
  const definition = COLOR_THEME_DEFINITIONS[theme];
  return paletteFromColors(
    {
      primary: swatch(definition.primary[scheme].main, definition.primary[scheme].light),
      secondary: swatch(definition.secondary[scheme].main, definition.secondary[scheme].light),
    },
    scheme,
  );
}
