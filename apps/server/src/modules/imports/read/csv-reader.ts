import { withoutNul } from '@sms/contracts/text-input';
import Papa from 'papaparse';
import type { Delimiter, TextEncodingName } from './sniff.ts';
import type { RowChunk, RowProblem, TableReader } from './table-reader.ts';

/** Bytes of the file in order, with how far through the file each chunk ends (0-1). */
export type ByteSource = AsyncIterable<{ bytes: Uint8Array; progress: number }>;

/**
 * Decodes byte chunks into text chunks with line endings made uniform ("\n"): CSVs mix CRLF,
 * LF and lone CR, and the parser splits on one newline sequence. A CR ending a chunk waits for
 * the next so that CRLF split across chunks stays one line break. The BOM is dropped, and so is
 * any NUL (PostgreSQL cannot store it; a stray one in an export is noise, not a reason to refuse).
 */
export async function* decodeText(source: ByteSource, encoding: TextEncodingName): AsyncGenerator<{ text: string; progress: number }> {
  const decoder = new TextDecoder(encoding);
  let heldCr = false;
  let progress = 0;
  for await (const chunk of source) {
    progress = chunk.progress;
    let text: string = (heldCr ? '\r' : '') + decoder.decode(chunk.bytes, { stream: true });
    heldCr = text.endsWith('\r');
    if (heldCr) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    // A NUL in the text comes from a zero byte in every encoding offered (UTF-8, 8-bit, UTF-16):
    // looking for the byte is far cheaper than scanning a decoded megabyte of two-byte text.
    if (chunk.bytes.includes(0)) text = withoutNul(text);
    if (text) yield { text, progress };
  }
  const rest = withoutNul(((heldCr ? '\r' : '') + decoder.decode()).replace(/\r\n?/g, '\n'));
  if (rest) yield { text: rest, progress };
}

export interface CsvOptions {
  delimiter: Delimiter;
  /** A row still unfinished after this many characters is rejected and skipped to the next line. */
  maxRowChars: number;
  /** Cut raw text quoted in problems to this length. */
  rawPreviewChars?: number;
}

const isBlank = (row: string[]) => row.length === 1 && row[0] === '';

/**
 * Parses decoded text into row chunks (quoted fields may hold delimiters, quotes and newlines).
 * Memory stays bounded: text is parsed as it arrives, and a row longer than maxRowChars (a 50 MB
 * line, an unclosed quote) becomes one rejected row instead of growing without end.
 */
export async function* parseCsv(texts: AsyncIterable<{ text: string; progress: number }>, options: CsvOptions): AsyncGenerator<RowChunk> {
  const rawChars = options.rawPreviewChars ?? 200;
  let pending = '';
  let skipping = false;
  let rowNumber = 1;
  let progress = 0;
  const parse = (input: string, last: boolean) =>
    new Papa.Parser({ delimiter: options.delimiter, newline: '\n', quoteChar: '"' }).parse(input, 0, !last) as {
      data: string[][];
      meta: { cursor: number };
    };

  for await (const piece of texts) {
    progress = piece.progress;
    let input = piece.text;
    const rows: RowChunk['rows'] = [];
    const firstRowNumber = rowNumber;
    if (skipping) {
      const end = input.indexOf('\n');
      if (end === -1) continue;
      input = input.slice(end + 1);
      skipping = false;
    }
    input = pending + input;
    const result = parse(input, false);
    for (const row of result.data) rows.push(isBlank(row) ? null : row);
    pending = input.slice(result.meta.cursor);
    if (pending.length > options.maxRowChars) {
      const problem: RowProblem = {
        problem: `A row is longer than ${options.maxRowChars.toLocaleString('en-US')} characters`,
        raw: `${pending.slice(0, rawChars)}…`,
      };
      rows.push(problem);
      const end = pending.indexOf('\n');
      skipping = end === -1;
      pending = end === -1 ? '' : pending.slice(end + 1);
    }
    rowNumber += rows.length;
    if (rows.length) yield { firstRowNumber, rows, progress };
  }
  if (pending && !skipping) {
    const rows = parse(pending, true).data.map((row) => (isBlank(row) ? null : row));
    if (rows.length) yield { firstRowNumber: rowNumber, rows, progress };
  }
}

/** Opens CSV text as a table: the first non-blank row is the header. */
export async function openCsv(source: ByteSource, encoding: TextEncodingName, options: CsvOptions): Promise<TableReader> {
  const iterator = parseCsv(decodeText(source, encoding), options)[Symbol.asyncIterator]();
  let first: RowChunk | undefined;
  let header: string[] | undefined;
  let headerRowNumber = 1;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const index = next.value.rows.findIndex((row) => row !== null);
    if (index === -1) continue;
    const found = next.value.rows[index];
    headerRowNumber = next.value.firstRowNumber + index;
    header = Array.isArray(found) ? found : [];
    first = { ...next.value, firstRowNumber: headerRowNumber + 1, rows: next.value.rows.slice(index + 1) };
    break;
  }
  async function* chunks(): AsyncGenerator<RowChunk> {
    if (first?.rows.length) yield first;
    if (!first) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return {
    header: header ?? [],
    headerRowNumber,
    chunks: chunks(),
    close: async () => {
      await iterator.return?.(undefined);
    },
  };
}

/** A rejected row's cells written back as one CSV line (for the error file's raw column). */
export function rawLine(cells: string[], delimiter: string, maxChars = 1000): string {
  const line = Papa.unparse([cells], { delimiter, newline: '\n' });
  return line.length > maxChars ? `${line.slice(0, maxChars)}…` : line;
}
