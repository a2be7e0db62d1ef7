import { GSM7_BASIC_TABLE, GSM7_ESCAPE, GSM7_EXTENSION_TABLE, gsm7UnitCode, gsm7UnitSeptets } from './gsm-7-tables.ts';

/**
 * SMS text rules shared by the composer (live counter) and the sending engine (what it sends):
 * which encoding a text needs, how many septets or units it takes, and where a long message is
 * cut into concatenated parts. Counting and cutting share one walk, so the counter can never
 * disagree with what the gateway receives.
 */

/** The text encodings an SMS can use: GSM 03.38 septets, or UTF-16 (UCS-2 with surrogate pairs). */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * Units per SMS: a single message, or each part of a concatenated one (the 6-byte UDH with the
 * part number takes 7 septets / 3 UCS-2 units of every part).
 */
export const SMS_SEGMENT_LIMITS = {
  'GSM-7': { single: 160, multipart: 153 },
  'UCS-2': { single: 70, multipart: 67 },
} as const satisfies Record<SmsEncoding, { single: number; multipart: number }>;

/** A character that forces UCS-2, where it stands (UTF-16 index, for highlighting). */
export interface NonGsmCharacter {
  /** The whole code point: two UTF-16 units for an emoji. */
  char: string;
  index: number;
}

/** What the composer shows about a text. */
export interface SmsAnalysis {
  encoding: SmsEncoding;
  /** User-visible characters, counted as code points (an emoji is one). */
  characters: number;
  /** Septets for GSM-7 (extension characters count two), UTF-16 code units for UCS-2. */
  units: number;
  /** Parts the message is sent as; 0 for an empty text. */
  segments: number;
  /** Units one part holds: 160/153 (GSM-7) or 70/67 (UCS-2), by whether the text is split. */
  perSegment: number;
  /** Units still free in the last part before another part is needed. */
  remainingInSegment: number;
  /** Every occurrence of a character not in GSM 03.38; empty for GSM-7 texts. */
  nonGsmCharacters: NonGsmCharacter[];
}

/** A text cut into the parts an SMSC receives (one part when it fits a single SMS). */
export interface SmsSplit {
  encoding: SmsEncoding;
  parts: string[];
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The encoding a text needs: GSM-7 when every character is in the GSM 03.38 tables, else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (let index = 0; index < text.length; index++) {
    if (gsm7UnitSeptets(text.charCodeAt(index)) === 0) return 'UCS-2';
  }
  return 'GSM-7';
}

/** Septets a GSM-7 text takes (extension characters count two). */
function gsm7Length(text: string): number {
  let septets = 0;
  for (let index = 0; index < text.length; index++) septets += gsm7UnitSeptets(text.charCodeAt(index));
  return septets;
}

interface Cut {
  /** End (exclusive UTF-16 index) of each part. */
  ends: number[];
  /** Units in the last part. */
  lastUnits: number;
}

/**
 * Where the parts end. A character is never divided: an extension character (ESC + code) or a
 * surrogate pair that does not fit whole moves to the next part, leaving a unit unused.
 */
function cut(text: string, encoding: SmsEncoding, units: number): Cut {
  if (text.length === 0) return { ends: [], lastUnits: 0 };
  const limits = SMS_SEGMENT_LIMITS[encoding];
  if (units <= limits.single) return { ends: [text.length], lastUnits: units };
  const ends: number[] = [];
  let used = 0;
  for (let index = 0; index < text.length;) {
    const unit = text.charCodeAt(index);
    let width = 1;
    let cost: number;
    if (encoding === 'GSM-7') cost = gsm7UnitSeptets(unit);
    else {
      if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1))) width = 2;
      cost = width;
    }
    if (used + cost > limits.multipart) {
      ends.push(index);
      used = 0;
    }
    used += cost;
    index += width;
  }
  ends.push(text.length);
  return { ends, lastUnits: used };
}

/** Code points in a text (a surrogate pair counts once). */
function countCodePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    if (isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1))) {
      count--;
      index++;
    }
  }
  return count;
}

/** Each character that keeps a text out of GSM-7, with its UTF-16 index. */
function findNonGsm(text: string): NonGsmCharacter[] {
  const found: NonGsmCharacter[] = [];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (gsm7UnitSeptets(unit) !== 0) continue;
    const pair = isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1));
    found.push({ char: text.slice(index, pair ? index + 2 : index + 1), index });
    if (pair) index++;
  }
  return found;
}

/** Encoding, length and parts of a text, as the composer's counter shows them. */
export function analyseSms(text: string): SmsAnalysis {
  const encoding = smsEncoding(text);
  const units = encoding === 'GSM-7' ? gsm7Length(text) : text.length;
  const { ends, lastUnits } = cut(text, encoding, units);
  const limits = SMS_SEGMENT_LIMITS[encoding];
  const perSegment = ends.length > 1 ? limits.multipart : limits.single;
  return {
    encoding,
    characters: countCodePoints(text),
    units,
    segments: ends.length,
    perSegment,
    remainingInSegment: perSegment - lastUnits,
    nonGsmCharacters: encoding === 'UCS-2' ? findNonGsm(text) : [],
  };
}

/** Cuts a text into the parts sent with UDH concatenation (each <= 153 septets or 67 units). */
export function splitSms(text: string): SmsSplit {
  const encoding = smsEncoding(text);
  const units = encoding === 'GSM-7' ? gsm7Length(text) : text.length;
  const { ends } = cut(text, encoding, units);
  const parts: string[] = [];
  let start = 0;
  for (const end of ends) {
    parts.push(text.slice(start, end));
    start = end;
  }
  return { encoding, parts };
}

/**
 * Encodes a GSM-7 text to septet codes, unpacked (one byte each; an extension character is
 * 0x1B followed by its code). Throws a RangeError naming the first character GSM-7 cannot carry.
 */
export function gsm7Septets(text: string): Uint8Array {
  const septets = new Uint8Array(gsm7Length(text));
  let at = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const cost = gsm7UnitSeptets(unit);
    if (cost === 0) {
      const char = String.fromCodePoint(text.codePointAt(index) ?? unit);
      throw new RangeError(`Character ${JSON.stringify(char)} at index ${index} is not in the GSM 03.38 alphabet`);
    }
    if (cost === 2) septets[at++] = GSM7_ESCAPE;
    septets[at++] = gsm7UnitCode(unit);
  }
  return septets;
}

/**
 * Decodes unpacked septets (SMPP data_coding 0) to text. The high bit is ignored; an escape
 * followed by a code the extension table lacks reads as the default-alphabet character, and a
 * trailing escape as a space, as TS 23.038 tells receivers to display them.
 */
export function decodeGsm7Septets(septets: ArrayLike<number>): string {
  let text = '';
  for (let index = 0; index < septets.length; index++) {
    const code = (septets[index] ?? 0) & 0x7f;
    if (code !== GSM7_ESCAPE) {
      text += GSM7_BASIC_TABLE[code];
      continue;
    }
    if (index + 1 >= septets.length) {
      text += ' ';
      break;
    }
    const next = (septets[++index] ?? 0) & 0x7f;
    text += GSM7_EXTENSION_TABLE.get(next) ?? (next === GSM7_ESCAPE ? ' ' : GSM7_BASIC_TABLE[next]);
  }
  return text;
}

/**
 * Characters that only look like GSM ones, and the GSM text that means the same. Offered by the
 * composer (never applied silently): one curly quote or dash turns a whole message into UCS-2,
 * which more than doubles the parts. Deliberately left out: accented letters (ê -> e changes the
 * word), small ç (GSM only has capital Ç), the middle dot (Catalan l·l), zero-width joiners
 * (they build emoji and shape Indic and Persian script), symbols such as ™ or ½.
 * The bullet • becomes '-': both mark list items, and '- ' is how SMS lists are written.
 */
export const LOOKALIKE_REPLACEMENTS: Readonly<Record<string, string>> = {
  // Single quotes, apostrophes, primes, single guillemets.
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u2035': "'",
  '\u02BC': "'",
  '\u00B4': "'",
  '`': "'",
  '\u2039': "'",
  '\u203A': "'",
  '\uFF07': "'",
  // Double quotes, double primes, guillemets.
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\uFF02': '"',
  // Hyphens, dashes, minus sign, bullets.
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '-',
  '\u2023': '-',
  '\u2043': '-',
  // Ellipsis, fraction and division slashes.
  '\u2026': '...',
  '\u2044': '/',
  '\u2215': '/',
  // Spaces of every width, tab; line and paragraph separators become line feeds.
  '\t': ' ',
  '\u00A0': ' ',
  '\u1680': ' ',
  '\u2000': ' ',
  '\u2001': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': ' ',
  '\u2008': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u202F': ' ',
  '\u205F': ' ',
  '\u3000': ' ',
  '\u2028': '\n',
  '\u2029': '\n',
  // Invisible characters that carry no meaning in a message: removed.
  '\u200B': '',
  '\u2060': '',
  '\uFEFF': '',
  '\u00AD': '',
};

const LOOKALIKES: ReadonlyMap<string, string> = new Map(Object.entries(LOOKALIKE_REPLACEMENTS));

/** Replaces lookalike characters with GSM ones and says how many characters it replaced or removed. */
export function replaceLookalikesCounted(text: string): { text: string; replaced: number } {
  let out = '';
  let from = 0;
  let replaced = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // GSM characters are never replaced: most of a text is skipped without a look-up.
    if (gsm7UnitSeptets(unit) !== 0) continue;
    const replacement = LOOKALIKES.get(text[index] ?? '');
    if (replacement === undefined) continue;
    out += text.slice(from, index) + replacement;
    from = index + 1;
    replaced++;
  }
  return replaced === 0 ? { text, replaced } : { text: out + text.slice(from), replaced };
}

/** The text with lookalike characters replaced by GSM ones (see LOOKALIKE_REPLACEMENTS). */
export function replaceLookalikes(text: string): string {
  return replaceLookalikesCounted(text).text;
}
