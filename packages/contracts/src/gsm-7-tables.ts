/**
 * The GSM 03.38 (3GPP TS 23.038) 7-bit default alphabet and its extension table, as the tables
 * the standard prints: the position in the string is the septet code. Shared by the segment
 * counter (sms-encoding.ts) and the SMPP gateway, which encodes and decodes with them.
 */

/** The escape septet: the next septet is read in the extension table. */
export const GSM7_ESCAPE = 0x1b;

/**
 * The 128 characters of the default alphabet, indexed by septet code. Position 0x1B is the escape
 * code, not a character (it holds U+001B only to keep the positions; text containing U+001B is
 * not GSM-7). 0x09 is capital Ç, as in the current standard (early versions printed small ç).
 */
export const GSM7_BASIC_TABLE =
  '@£$¥èéùìòÇ\nØø\rÅå' + // 0x00-0x0F
  'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' + // 0x10-0x1F
  ' !"#¤%&\'()*+,-./' + // 0x20-0x2F
  '0123456789:;<=>?' + // 0x30-0x3F
  '¡ABCDEFGHIJKLMNO' + // 0x40-0x4F
  'PQRSTUVWXYZÄÖÑÜ§' + // 0x50-0x5F
  '¿abcdefghijklmno' + // 0x60-0x6F
  'pqrstuvwxyzäöñüà'; // 0x70-0x7F

/**
 * The extension table: characters sent as ESC followed by this code, so each costs two septets.
 * Form feed (0x0A) is the page break; the other codes are reserved and absent on purpose.
 */
export const GSM7_EXTENSION_TABLE: ReadonlyMap<number, string> = new Map([
  [0x0a, '\f'],
  [0x14, '^'],
  [0x28, '{'],
  [0x29, '}'],
  [0x2f, '\\'],
  [0x3c, '['],
  [0x3d, '~'],
  [0x3e, ']'],
  [0x40, '|'],
  [0x65, '€'],
]);

/** Every character of the default alphabet (the escape code excluded), in code order. */
export const GSM7_BASIC_CHARACTERS: string = GSM7_BASIC_TABLE.replace('\u001b', '');

/** Every character of the extension table, in code order. */
export const GSM7_EXTENSION_CHARACTERS: string = [...GSM7_EXTENSION_TABLE.values()].join('');

// Lookups by UTF-16 code unit, built once: every GSM character is a single unit below U+20AD (€),
// so two small typed arrays answer "is it GSM, what does it cost, what is its code" without a
// hash lookup per character (the sending engine measures millions of messages).
const LOOKUP_SIZE = Math.max(...[...GSM7_BASIC_TABLE, ...GSM7_EXTENSION_CHARACTERS].map((char) => char.charCodeAt(0))) + 1;
const SEPTETS = new Uint8Array(LOOKUP_SIZE);
const CODES = new Uint8Array(LOOKUP_SIZE);
for (let code = 0; code < GSM7_BASIC_TABLE.length; code++) {
  if (code === GSM7_ESCAPE) continue;
  const unit = GSM7_BASIC_TABLE.charCodeAt(code);
  SEPTETS[unit] = 1;
  CODES[unit] = code;
}
for (const [code, char] of GSM7_EXTENSION_TABLE) {
  const unit = char.charCodeAt(0);
  SEPTETS[unit] = 2;
  CODES[unit] = code;
}

/** Septets one UTF-16 code unit costs in GSM-7: 1 (default alphabet), 2 (extension) or 0 (not GSM-7). */
export function gsm7UnitSeptets(unit: number): 0 | 1 | 2 {
  return unit < LOOKUP_SIZE ? (SEPTETS[unit] as 0 | 1 | 2) : 0;
}

/** The septet code of a GSM-7 code unit (in its table; extension characters also need the escape). */
export function gsm7UnitCode(unit: number): number {
  return unit < LOOKUP_SIZE ? (CODES[unit] ?? 0) : 0;
}
