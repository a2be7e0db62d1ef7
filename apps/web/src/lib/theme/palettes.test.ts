import { describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb, mix, shadeForContrast } from './color';
import { COLOR_THEMES } from './color-themes';
import { DARK_BACKGROUND, schemePalette } from './palettes';

const MAINS = {
  BLUE_THEME: ['#5D87FF', '#49BEFF'],
  AQUA_THEME: ['#0074BA', '#47D7BC'],
  PURPLE_THEME: ['#763EBD', '#95CFD5'],
  GREEN_THEME: ['#0A7EA4', '#CCDA4E'],
  CYAN_THEME: ['#01C0C8', '#FB9678'],
  ORANGE_THEME: ['#FA896B', '#0074BA'],
} as const;

describe('colour themes', () => {
  it('are the six of the spec, BLUE first', () => {
    expect(COLOR_THEMES).toEqual(['BLUE_THEME', 'AQUA_THEME', 'PURPLE_THEME', 'GREEN_THEME', 'CYAN_THEME', 'ORANGE_THEME']);
  });

  for (const theme of COLOR_THEMES) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${theme} has a ${scheme} palette with its primary and secondary`, () => {
        const palette = schemePalette(theme, scheme);
        expect(palette.mode).toBe(scheme);
        expect([palette.primary.main, palette.secondary.main]).toEqual(MAINS[theme]);
        expect(palette.primary.light).toMatch(/^#[0-9A-F]{6}$/i);
      });

      it(`${theme} ${scheme}: text shades read at 4.5:1 on the page`, () => {
        const palette = schemePalette(theme, scheme);
        for (const [key, shade] of Object.entries(palette.textColor)) {
          expect(contrastRatio(shade, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(shade, palette.background.default)).toBeGreaterThanOrEqual(4.5);
          // readable on its own tint too (selected menu items, alerts)
          expect(contrastRatio(shade, palette[key as keyof typeof palette.textColor].light)).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrastRatio(palette.text.secondary, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it('uses the spec default status colours', () => {
    const palette = schemePalette('BLUE_THEME', 'light');
    expect([palette.success.main, palette.info.main, palette.error.main, palette.warning.main]).toEqual([
      '#13DEB9',
      '#539BFF',
      '#FA896B',
      '#FFAE1F',
    ]);
  });

  it('uses #041E42 as the dark background for every theme', () => {
    expect(DARK_BACKGROUND).toBe('#041E42');
    for (const theme of COLOR_THEMES) {
      const dark = schemePalette(theme, 'dark');
      expect(dark.background.default).toBe('#041E42');
      expect(dark.background.paper).not.toBe('#041E42');
    }
    expect(schemePalette('BLUE_THEME', 'light').background.default).toBe('#FFFFFF');
  });
});

describe('colour maths', () => {
  it('parses short and long hex', () => {
    expect(hexToRgb('#5D87FF')).toEqual([93, 135, 255]);
    expect(hexToRgb('#fff')).toEqual([255, 255, 255]);
    expect(() => hexToRgb('blue')).toThrow();
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('mixes and shades', () => {
    expect(mix('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    const shade = shadeForContrast('#5D87FF', '#FFFFFF');
    expect(contrastRatio('#5D87FF', '#FFFFFF')).toBeLessThan(4.5);
    expect(contrastRatio(shade, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});
