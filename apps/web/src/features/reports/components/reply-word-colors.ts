/** Reply words read as yes (greens) and as no (reds). */
const YES_WORDS = new Set(['YES', 'Y', 'OK', 'OUI', 'SI', 'نعم', '是', '1']);
const NO_WORDS = new Set(['NO', 'N', 'NON', 'لا', '否', '不', '2']);

/** Colours readable on light and dark pages (the brand primary can be as dark as the dark page). */
const YES_SHADES = ['#2e7d32', '#81c784', '#00897b', '#c0ca33'];
const NO_SHADES = ['#d32f2f', '#f48fb1', '#ef6c00', '#8d6e63'];
const OTHER_SHADES = ['#1e88e5', '#fbc02d', '#a78bfa', '#f472b6', '#22d3ee', '#5c6bc0', '#a3e635', '#90a4ae'];

/**
 * One distinct colour per reply word of a chart: yes words in greens, no words in reds, the rest
 * from a set of their own, in the order given. "OK", "1" and "YES" used to share one green and
 * could not be told apart.
 */
export function replyWordColors(words: string[]): Map<string, string> {
  const next = { yes: 0, no: 0, other: 0 };
  const colors = new Map<string, string>();
  for (const word of words) {
    const kind = YES_WORDS.has(word) ? 'yes' : NO_WORDS.has(word) ? 'no' : 'other';
    const shades = kind === 'yes' ? YES_SHADES : kind === 'no' ? NO_SHADES : OTHER_SHADES;
    // Past its own shades a kind borrows the others' unused ones, so no two words share a colour.
    const free = [...shades.slice(next[kind]), ...OTHER_SHADES, ...YES_SHADES, ...NO_SHADES].find(
      (color) => ![...colors.values()].includes(color),
    );
    next[kind]++;
    colors.set(word, free ?? shades[next[kind] % shades.length]!);
  }
  return colors;
}
