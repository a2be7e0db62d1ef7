import { brandShades, darkenChannels, safeHex, type BrandShades } from './brand-colors';
import { contrastRatio, lightenForContrast, mix } from './color';
import type { SchemeName } from './color-themes';
import { DARK_BACKGROUND, DARK_PAPER, paletteFromColors, schemeBase, swatch, type SchemePalette, type Swatch } from './palettes';

/** The brand colours the theme uses (GET /api/brand-settings fields). */
export interface BrandColors {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
}

/** The brand's own colours with their spec variants (palette.brand), whatever colour theme is shown. */
export interface BrandPaletteGroup {
  primary: BrandShades;
  secondary: BrandShades;
  accent: BrandShades;
}

/** Non-text UI against the page needs 3:1 (WCAG 1.4.11). */
const UI_CONTRAST = 3;

/**
 * One brand colour as a theme swatch. Light mode: main = the brand colour exactly, dark = its
 * spec dark variant (MUI's hover shade). Dark mode: the page itself is #041E42 -- the default
 * brand primary -- so the colour's lightness is raised (hue and saturation kept, so navy becomes
 * a clear blue rather than grey) until it stands out (3:1) from the page and the cards, and the
 * variants follow that shade. `light` is the pale surface the shell draws
 * readable text on (selected menu items, chips, headers); the spec's light variant (+0.3 x 255,
 * too mid-toned to carry text) lives in palette.brand.*.light.
 */
export function brandSwatch(hex: string, scheme: SchemeName): Swatch {
  const colour = safeHex(hex, '#000000');
  if (scheme === 'light') return swatch(colour, tint(colour, '#FFFFFF', 0.88, scheme), darkenChannels(colour));
  const main = lightenForContrast(colour, [DARK_BACKGROUND, DARK_PAPER], UI_CONTRAST);
  return swatch(main, tint(main, DARK_BACKGROUND, 0.78, scheme), darkenChannels(main));
}

/**
 * The pale surface of a colour: mixed towards the page from `start`, further if needed, until the
 * scheme's secondary text still reads on it at 4.5:1 (page headers and chips carry such text).
 */
function tint(main: string, page: string, start: number, scheme: SchemeName): string {
  const text = schemeBase(scheme).text.secondary;
  let amount = start;
  let surface = mix(main, page, amount);
  while (contrastRatio(text, surface) < 4.6 && amount < 1) {
    amount = Math.min(1, amount + 0.01);
    surface = mix(main, page, amount);
  }
  return surface;
}

/** Text on a filled colour: white when it reads at 4.5:1, else near-black (MUI's choice with contrastThreshold 4.5). */
export const contrastTextFor = (background: string): string =>
  contrastRatio(background, '#FFFFFF') >= 4.5 ? '#FFFFFF' : 'rgba(0, 0, 0, 0.87)';

/** The brand palette of one scheme: brand primary and secondary as the theme's main colours. */
export function brandSchemePalette(brand: BrandColors, scheme: SchemeName): SchemePalette {
  return paletteFromColors(
    { primary: brandSwatch(brand.primaryColor, scheme), secondary: brandSwatch(brand.secondaryColor, scheme) },
    scheme,
  );
}

/** palette.brand: primary, secondary and accent exactly as set, each with the spec's light and dark variants. */
export function brandPaletteGroup(brand: BrandColors, fallback: BrandColors): BrandPaletteGroup {
  return {
    primary: brandShades(safeHex(brand.primaryColor, fallback.primaryColor)),
    secondary: brandShades(safeHex(brand.secondaryColor, fallback.secondaryColor)),
    accent: brandShades(safeHex(brand.accentColor, fallback.accentColor)),
  };
}
