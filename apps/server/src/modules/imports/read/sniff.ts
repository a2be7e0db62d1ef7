import Papa from 'papaparse';

/** Text encodings an import may use (names as TextDecoder knows them). */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** What the first bytes of an upload say it is. */
export type Sniffed =
  { kind: 'empty' } | { kind: 'zip' } | { kind: 'binary' } | { kind: 'text'; encoding: TextEncodingName; bomLength: number };

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

// Containers and formats people pick by mistake; none of them is a table we can read.
const BINARY_SIGNATURES = [
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: legacy .xls/.doc
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

/** UTF-16 without a BOM: text in Latin scripts has a zero in every other byte. */
function utf16WithoutBom(sample: Uint8Array): TextEncodingName | undefined {
  const length = Math.min(sample.length, 4096) & ~1;
  if (length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let at = 0; at < length; at += 2) {
    if (sample[at] === 0) evenZeros++;
    if (sample[at + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** Whether the bytes are valid UTF-8, allowing a sequence cut short at the end of a partial sample. */
function isUtf8(sample: Uint8Array, complete: boolean): boolean {
  let end = sample.length;
  if (!complete) {
    // Drop a trailing multi-byte sequence the sample may have cut in two.
    let back = end - 1;
    while (back >= 0 && back > end - 4 && (sample[back]! & 0xc0) === 0x80) back--;
    if (back >= 0 && sample[back]! >= 0xc0) end = back;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares of characters that no text file contains: C0/C1 controls other than tab, CR, LF and NUL,
 * and U+FFFD; NUL on its own (a stray one is noise the readers drop; a file full of them is binary).
 */
function junkShares(text: string): { junk: number; nul: number } {
  if (text.length === 0) return { junk: 0, nul: 0 };
  let junk = 0;
  let nul = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0) nul++;
    else if (
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      code === 0x7f ||
      (code >= 0x80 && code <= 0x9f) ||
      code === 0xfffd
    )
      junk++;
  }
  return { junk: junk / text.length, nul: nul / text.length };
}

/**
 * Identifies an upload from its first bytes (the whole file when `complete`): a zip (XLSX
 * candidate), text in one of the supported encodings, or binary junk. The content decides, never
 * the file name: a CSV named .xlsx is a CSV.
 */
export function sniffBytes(sample: Uint8Array, complete: boolean): Sniffed {
  if (sample.length === 0) return { kind: 'empty' };
  if (startsWith(sample, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'zip' };
  if (BINARY_SIGNATURES.some((signature) => startsWith(sample, signature))) return { kind: 'binary' };

  let encoding: TextEncodingName;
  let bomLength = 0;
  if (startsWith(sample, [0xef, 0xbb, 0xbf])) [encoding, bomLength] = ['utf-8', 3];
  else if (startsWith(sample, [0xff, 0xfe])) [encoding, bomLength] = ['utf-16le', 2];
  else if (startsWith(sample, [0xfe, 0xff])) [encoding, bomLength] = ['utf-16be', 2];
  else {
    const utf16 = sample.includes(0) ? utf16WithoutBom(sample) : undefined;
    if (utf16) encoding = utf16;
    else encoding = isUtf8(sample, complete) ? 'utf-8' : 'windows-1252';
  }
  const end = Math.min(sample.length, 256 * 1024);
  // Streaming decode: a sequence cut at the end of the sample is not a bad character.
  const text = new TextDecoder(encoding).decode(sample.subarray(bomLength, end), { stream: end < sample.length || !complete });
  if (text.replace(/[\s\uFEFF]/g, '').length === 0) return complete ? { kind: 'empty' } : { kind: 'text', encoding, bomLength };
  // Real exports may hold a stray control character or NUL (the readers drop NULs); random bytes
  // are full of them.
  const shares = junkShares(text);
  if (shares.junk > 0.01 || shares.nul > 0.1) return { kind: 'binary' };
  return { kind: 'text', encoding, bomLength };
}

/**
 * Picks the delimiter among , ; TAB | that splits the first lines (quote-aware) into the same
 * number of fields, more than one, most consistently; ',' when none does (one-column files).
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const parsed = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"' }).parse(sample.replace(/\r\n?/g, '\n'), 0, true) as {
      data: string[][];
    };
    const rows = parsed.data.slice(0, 50).filter((row) => row.length > 1 || (row[0] ?? '') !== '');
    if (rows.length === 0) continue;
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    const [fields, times] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    if (fields < 2) continue;
    // Consistency first; among equally consistent candidates the one giving more fields.
    const score = times / rows.length + fields / 10_000;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}
