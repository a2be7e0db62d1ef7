import { brandSchemePalette, type BrandColors } from './brand-palette';
import { DEFAULT_COLOR_THEME, type ColorThemeName, type SchemeName } from './color-themes';
import { schemePalette, type SchemePalette } from './palettes';

/**
 * Brand colours versus the six colour themes: the brand palette IS the default colour theme
 * (BLUE_THEME, the spec's default), so everyone sees the brand unless they pick one of the other
 * themes in the customizer, which then applies to them alone as a personal override. Without MUI:
 * the MUI theme (build-theme.ts) and the sign-in page's own styles (decision 071) both read it.
 */
export function schemeColors(colorTheme: ColorThemeName, brand: BrandColors, scheme: SchemeName): SchemePalette {
  return colorTheme === DEFAULT_COLOR_THEME ? brandSchemePalette(brand, scheme) : schemePalette(colorTheme, scheme);
}
