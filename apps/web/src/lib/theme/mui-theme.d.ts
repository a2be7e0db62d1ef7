import type { TextColorKey } from './palettes';

// MUI theme augmentation: CSS variables on, plus the readable text shades of each colour.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
  interface Palette {
    textColor: Record<TextColorKey, string>;
  }
  interface PaletteOptions {
    textColor?: Record<TextColorKey, string>;
  }
}
