import { brandSchemePalette, brandSwatch, contrastTextFor } from '../../../lib/theme/brand-palette';
import type { SchemeName } from '../../../lib/theme/color-themes';
import type { SchemePalette, Swatch } from '../../../lib/theme/palettes';
import type { PreviewBrand } from './brand-preview-values';

/** The colours the preview draws with: the same palette the app builds from these brand colours. */
export interface PreviewColors {
  palette: SchemePalette;
  accent: Swatch;
  onPrimary: string;
  onAccent: string;
}

/** The brand palette of `scheme` for the edited colours. */
export function previewColors(brand: PreviewBrand, scheme: SchemeName): PreviewColors {
  const palette = brandSchemePalette(brand, scheme);
  const accent = brandSwatch(brand.accentColor, scheme);
  return { palette, accent, onPrimary: contrastTextFor(palette.primary.main), onAccent: contrastTextFor(accent.main) };
}
