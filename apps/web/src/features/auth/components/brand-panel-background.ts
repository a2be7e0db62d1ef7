import { mix, shadeForContrast } from '../../../lib/theme/color';

/** CSS url() of an asset URL (quotes and backslashes escaped). */
const cssUrl = (url: string) => `url("${url.replace(/["\\]/g, '\\$&')}")`;

/**
 * The brand panel's background: the brand primary darkened until white text reads on it
 * (4.5:1) into a deeper shade of it; over the brand's login background image when one is set,
 * as a translucent veil so the image shows and the text stays readable.
 */
export function brandPanelBackground(primaryColor: string, imageUrl: string | null): string {
  let base: string;
  try {
    base = shadeForContrast(primaryColor, '#FFFFFF', 4.5, '#000000');
  } catch {
    base = '#041E42';
  }
  const deep = mix(base, '#000000', 0.35);
  if (!imageUrl) return `linear-gradient(140deg, ${base} 0%, ${deep} 100%)`;
  return `linear-gradient(140deg, ${base}C7 0%, ${deep}E6 100%), ${cssUrl(imageUrl)} center / cover no-repeat`;
}
