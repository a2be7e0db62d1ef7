import type { BrandPaletteGroup } from './brand-palette';
import type { TextColorKey } from './palettes';

// MUI theme augmentation: CSS variables on, the readable text shades of each colour, the brand colours.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
  interface Palette {
    textColor: Record<TextColorKey, string>;
    /** The brand accent colour (main, tint, hover shade, contrast text). */
    accent: PaletteColor;
    /** The brand's own colours with the spec's light/dark variants, whatever colour theme is shown. */
    brand: BrandPaletteGroup;
  }
  interface PaletteOptions {
    textColor?: Record<TextColorKey, string>;
    accent?: PaletteColorOptions;
    brand?: BrandPaletteGroup;
  }
}
