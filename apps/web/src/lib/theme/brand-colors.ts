import { hexToRgb, rgbToHex, type Rgb } from './color';

/**
 * Spec section 4: the light variant of a brand colour adds 0.3 x 255 to each RGB channel, the
 * dark variant takes 0.2 x 255 away, clamped to 0..255. Channels are whole numbers, so the steps
 * are rounded once, half up: 0.3 x 255 = 76.5 -> 77, 0.2 x 255 = 51 (exact).
 * Example: #041E42 -> light #516B8F, dark #00000F.
 */
export const LIGHTEN_STEP = Math.round(0.3 * 255);
export const DARKEN_STEP = Math.round(0.2 * 255);

const shift = (hex: string, delta: number): string =>
  rgbToHex(hexToRgb(hex).map((channel) => Math.min(255, Math.max(0, channel + delta))) as Rgb);

/** '#041E42' -> '#516B8F': every channel + 77, at most 255. Accepts #RGB and #RRGGBB. */
export const lightenChannels = (hex: string): string => shift(hex, LIGHTEN_STEP);

/** '#041E42' -> '#00000F': every channel - 51, at least 0. Accepts #RGB and #RRGGBB. */
export const darkenChannels = (hex: string): string => shift(hex, -DARKEN_STEP);

/** '#abc' -> '#AABBCC'; throws on anything that is not #RGB or #RRGGBB. */
export const normalizeHex = (hex: string): string => rgbToHex(hexToRgb(hex));

/** `hex` normalised, or `fallback` when it is not a hex colour (defensive: cached or odd data). */
export function safeHex(hex: string | null | undefined, fallback: string): string {
  try {
    return normalizeHex(hex ?? '');
  } catch {
    return normalizeHex(fallback);
  }
}

/** A brand colour and its spec variants. */
export interface BrandShades {
  main: string;
  light: string;
  dark: string;
}

/** The colour as given (normalised) with its spec light and dark variants. */
export function brandShades(hex: string): BrandShades {
  const main = normalizeHex(hex);
  return { main, light: lightenChannels(main), dark: darkenChannels(main) };
}
