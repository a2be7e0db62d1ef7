/** Character classes without look-alikes (0/O, 1/l/I) so a generated password can be read aloud. */
const CLASSES = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@_~'] as const;
const ALL = CLASSES.join('');
export const GENERATED_PASSWORD_LENGTH = 16;

/** A uniformly random integer in [0, max) from the platform CSPRNG (rejection sampling, no modulo bias). */
function randomIndex(max: number, random: (buffer: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/**
 * A strong random password: `length` characters with at least one lower-case letter, capital,
 * digit and symbol, in random order.
 */
export function generatePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  random: (buffer: Uint32Array) => Uint32Array = (buffer) => crypto.getRandomValues(buffer),
): string {
  const size = Math.max(length, CLASSES.length);
  const pick = (chars: string) => chars.charAt(randomIndex(chars.length, random));
  const chars = [...CLASSES.map(pick), ...Array.from({ length: size - CLASSES.length }, () => pick(ALL))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1, random);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
