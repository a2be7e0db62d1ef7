/** Small colour maths for palettes (pure; unit-tested). Colours are #RGB or #RRGGBB. */

export type Rgb = [number, number, number];

/** '#5D87FF' or '#5bf' -> [93, 135, 255]. Throws on anything else. */
export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`not a hex colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

/** [93, 135, 255] -> '#5D87FF'. */
export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

/** WCAG relative luminance (0 black .. 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 .. 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `hex` towards `target` by `amount` (0 = unchanged, 1 = target). */
export function mix(hex: string, target: string, amount: number): string {
  const from = hexToRgb(hex);
  const to = hexToRgb(target);
  return rgbToHex(from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as Rgb);
}

/**
 * `hex` moved towards `towards` (black to darken, white to lighten) in small steps until it
 * reaches `ratio` contrast with every background: the shade to use when a theme colour is text.
 */
export function shadeForContrast(hex: string, background: string | string[], ratio = 4.5, towards = '#000000'): string {
  const backgrounds = Array.isArray(background) ? background : [background];
  const enough = (shade: string) => backgrounds.every((bg) => contrastRatio(shade, bg) >= ratio);
  let shade = hex;
  for (let step = 1; !enough(shade) && step <= 40; step += 1) shade = mix(hex, towards, step * 0.025);
  return shade;
}

export type Hsl = [hue: number, saturation: number, lightness: number];

/** '#041E42' -> [215, 0.885, 0.137] (hue in degrees, saturation and lightness 0..1). */
export function hexToHsl(hex: string): Hsl {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return [0, 0, lightness];
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [(sector * 60 + 360) % 360, saturation, lightness];
}

/** [215, 0.885, 0.137] -> '#041E42'. */
export function hslToHex([hue, saturation, lightness]: Hsl): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector] as Rgb;
  return rgbToHex([(r + m) * 255, (g + m) * 255, (b + m) * 255]);
}

/**
 * `hex` with its lightness raised (hue and saturation kept) until it reaches `ratio` contrast
 * with every background: a dark colour made visible on a dark page without washing it out to grey.
 */
export function lightenForContrast(hex: string, background: string | string[], ratio: number): string {
  const backgrounds = Array.isArray(background) ? background : [background];
  const enough = (shade: string) => backgrounds.every((bg) => contrastRatio(shade, bg) >= ratio);
  const [hue, saturation, lightness] = hexToHsl(hex);
  let shade = rgbToHex(hexToRgb(hex));
  for (let step = lightness; !enough(shade) && step < 1; step = Math.min(1, step + 0.01)) shade = hslToHex([hue, saturation, step + 0.01]);
  return shade;
}
