import { DEFAULT_BRAND } from '@sms/contracts/brand-defaults';
import { describe, expect, it } from 'vitest';
import { brandPaletteGroup, brandSchemePalette, brandSwatch } from './brand-palette';
import { buildTheme } from './build-theme';
import { contrastRatio, hexToHsl, hslToHex, lightenForContrast } from './color';
import { DARK_BACKGROUND, DARK_PAPER } from './palettes';

const BRAND = { primaryColor: '#E91E63', secondaryColor: '#0a0', accentColor: '#FFC107' };

describe('brand palette', () => {
  it('uses the brand colours as the main colours in light mode, with the spec dark variant for hover', () => {
    const light = brandSchemePalette(BRAND, 'light');
    expect(light.primary.main).toBe('#E91E63');
    expect(light.primary.dark).toBe('#B60030'); // (233, 30, 99) - 51, clamped
    expect(light.secondary.main).toBe('#00AA00');
    expect(light.mode).toBe('light');
  });

  it('keeps the default navy visible on the navy dark page (3:1 for UI, 4.5:1 for text)', () => {
    const dark = brandSchemePalette(DEFAULT_BRAND, 'dark');
    expect(dark.background.default).toBe(DARK_BACKGROUND);
    expect(dark.primary.main).not.toBe('#041E42');
    expect(contrastRatio(dark.primary.main, DARK_BACKGROUND)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(dark.primary.main, DARK_PAPER)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(dark.textColor.primary, DARK_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps colours that already stand out unchanged in dark mode', () => {
    expect(brandSwatch('#2BD1EE', 'dark').main).toBe('#2BD1EE');
  });

  it('derives text shades that read at 4.5:1 on the page and on the tint, for light and dark brand colours', () => {
    for (const colors of [DEFAULT_BRAND, BRAND, { primaryColor: '#FFFF00', secondaryColor: '#FFFFFF', accentColor: '#000000' }]) {
      for (const scheme of ['light', 'dark'] as const) {
        const palette = brandSchemePalette(colors, scheme);
        for (const key of ['primary', 'secondary'] as const) {
          expect(
            contrastRatio(palette.textColor[key], palette.background.paper),
            `${colors.primaryColor} ${scheme} ${key}`,
          ).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(palette.textColor[key], palette[key].light)).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('keeps the secondary text readable on the tints (page headers, chips)', () => {
    for (const primaryColor of ['#041E42', '#E91E63', '#FFFF00', '#000000', '#777777']) {
      for (const scheme of ['light', 'dark'] as const) {
        const palette = brandSchemePalette({ ...DEFAULT_BRAND, primaryColor }, scheme);
        expect(contrastRatio(palette.text.secondary, palette.primary.light), `${primaryColor} ${scheme}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(palette.text.primary, palette.primary.light)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('exposes the brand colours exactly with the spec variants', () => {
    expect(brandPaletteGroup(DEFAULT_BRAND, DEFAULT_BRAND)).toEqual({
      primary: { main: '#041E42', light: '#516B8F', dark: '#00000F' },
      secondary: { main: '#2BD1EE', light: '#78FFFF', dark: '#009EBB' },
      accent: { main: '#46ECB0', light: '#93FFFD', dark: '#13B97D' },
    });
    expect(brandPaletteGroup({ ...BRAND, primaryColor: 'nope' }, DEFAULT_BRAND).primary.main).toBe('#041E42');
  });
});

describe('theme with the brand', () => {
  const input = {
    direction: 'ltr',
    language: 'en',
    borderRadius: 7,
    cardShadow: true,
    brand: { ...BRAND, fontFamily: 'Georgia' },
    brandDefaults: DEFAULT_BRAND,
  } as const;

  it('shows the brand in the default colour theme, with its font and accent', () => {
    const theme = buildTheme({ ...input, colorTheme: 'BLUE_THEME' });
    const light = theme.colorSchemes.light?.palette;
    expect(light?.primary.main).toBe('#E91E63');
    expect(light?.secondary.main).toBe('#00AA00');
    expect(light?.accent.main).toBe('#FFC107');
    expect(light?.brand.primary.light).toBe('#FF6BB0');
    expect(theme.typography.fontFamily).toMatch(/^'Georgia', /);
  });

  it('lets a chosen colour theme override the brand colours (accent and palette.brand stay the brand)', () => {
    const theme = buildTheme({ ...input, colorTheme: 'PURPLE_THEME' });
    const light = theme.colorSchemes.light?.palette;
    expect(light?.primary.main).toBe('#763EBD');
    expect(light?.accent.main).toBe('#FFC107');
    expect(light?.brand.primary.main).toBe('#E91E63');
  });
});

describe('lightness lift for dark mode', () => {
  it('converts between hex and HSL', () => {
    expect(hslToHex(hexToHsl('#041E42'))).toBe('#041E42');
    expect(hslToHex(hexToHsl('#E91E63'))).toBe('#E91E63');
    expect(hexToHsl('#808080')).toEqual([0, 0, 128 / 255]);
  });

  it('keeps the hue: the default navy becomes a blue, not a grey', () => {
    const lifted = brandSwatch('#041E42', 'dark').main;
    const [hue, saturation] = hexToHsl(lifted);
    expect(Math.abs(hue - hexToHsl('#041E42')[0])).toBeLessThan(2);
    expect(saturation).toBeGreaterThan(0.6);
    expect(contrastRatio(lifted, DARK_PAPER)).toBeGreaterThanOrEqual(3);
  });

  it('leaves colours that already reach the ratio alone and stops at white', () => {
    expect(lightenForContrast('#2BD1EE', DARK_BACKGROUND, 3)).toBe('#2BD1EE');
    expect(lightenForContrast('#FFFF00', '#FFFFFF', 3)).toBe('#FFFFFF');
  });
});
