import { describe, expect, it } from 'vitest';
import { brandShades, DARKEN_STEP, darkenChannels, LIGHTEN_STEP, lightenChannels, normalizeHex, safeHex } from './brand-colors';

describe('brand colour variants (spec section 4)', () => {
  it('steps by 0.3 x 255 (76.5, rounded half up to 77) and 0.2 x 255 (51)', () => {
    expect([LIGHTEN_STEP, DARKEN_STEP]).toEqual([77, 51]);
  });

  it('lightens and darkens the default brand colours channel by channel', () => {
    // #041E42 = (4, 30, 66): +77 -> (81, 107, 143); -51 -> (0, 0, 15)
    expect(brandShades('#041E42')).toEqual({ main: '#041E42', light: '#516B8F', dark: '#00000F' });
    // #2BD1EE = (43, 209, 238): light clamps G and B at 255; dark clamps R at 0
    expect(brandShades('#2BD1EE')).toEqual({ main: '#2BD1EE', light: '#78FFFF', dark: '#009EBB' });
    expect(brandShades('#46ECB0')).toEqual({ main: '#46ECB0', light: '#93FFFD', dark: '#13B97D' });
  });

  it('accepts #RGB and lower case', () => {
    // #abc = (170, 187, 204)
    expect(lightenChannels('#abc')).toBe('#F7FFFF');
    expect(darkenChannels('#abc')).toBe('#778899');
    expect(brandShades('#041e42').main).toBe('#041E42');
    expect(normalizeHex('#abc')).toBe('#AABBCC');
  });

  it('clamps at 255 and at 0', () => {
    expect(lightenChannels('#FFFFFF')).toBe('#FFFFFF');
    expect(lightenChannels('#B4B4B4')).toBe('#FFFFFF'); // 180 + 77 = 257
    expect(lightenChannels('#B2B2B2')).toBe('#FFFFFF'); // 178 + 77 = 255 exactly
    expect(darkenChannels('#000')).toBe('#000000');
    expect(darkenChannels('#323232')).toBe('#000000'); // 50 - 51 = -1
    expect(darkenChannels('#fff')).toBe('#CCCCCC');
  });

  it('falls back when a colour is not hex', () => {
    expect(safeHex('blue', '#041E42')).toBe('#041E42');
    expect(safeHex(undefined, '#abc')).toBe('#AABBCC');
    expect(safeHex('#5d87ff', '#000')).toBe('#5D87FF');
    expect(() => brandShades('#12345')).toThrow();
  });
});
