import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview } from '@sms/contracts/imports';
import { openCsv } from './readers/csv-reader.ts';
import { ImportFileError, isRowProblem, type TableReader } from './readers/types.ts';
import { inspectXlsx, openXlsx, type XlsxLimits } from './readers/xlsx-reader.ts';
import { detectDelimiter, type Delimiter, type TextEncodingName } from './sniff.ts';
import { suggestMapping } from './mapping.ts';

/** Bytes of a CSV read for its preview (header, delimiter detection and the first rows). */
export const PREVIEW_HEAD_BYTES = 4 * 1024 * 1024;
const PREVIEW_CELL_CHARS = 500;

/** The longest row a CSV may hold: every column at the longest cell, plus quotes and delimiters. */
export const maxRowChars = (limits: { maxColumns: number; maxCellLength: number }) => limits.maxColumns * (limits.maxCellLength + 3);

export interface PreviewResult {
  preview: ImportPreview;
  /** Data rows seen by the preview (blank rows excluded). */
  dataRows: number;
}

const clip = (cell: string) => (cell.length > PREVIEW_CELL_CHARS ? `${cell.slice(0, PREVIEW_CELL_CHARS)}…` : cell);

/** Reads the header and the first rows of an opened table; checks the column limit. */
async function firstRows(reader: TableReader, maxColumns: number): Promise<{ headers: string[]; rows: string[][]; dataRows: number }> {
  try {
    if (reader.header.length > maxColumns) throw new ImportFileError(422, `The file has ${reader.header.length} columns; at most ${maxColumns} are allowed`);
    const rows: string[][] = [];
    let dataRows = 0;
    for await (const chunk of reader.chunks) {
      for (const row of chunk.rows) {
        if (row === null) continue;
        dataRows++;
        if (!isRowProblem(row) && rows.length < IMPORT_LIMITS.previewRows) rows.push(row.map(clip));
      }
      if (rows.length >= IMPORT_LIMITS.previewRows) break;
    }
    return { headers: reader.header.map(clip), rows, dataRows };
  } finally {
    await reader.close();
  }
}

/**
 * The first bytes a CSV preview tries: enough for the header and the preview rows of nearly every
 * file. Decoding and parsing the whole 4 MB head left ~25 MB of strings and rows in the old
 * generation at each upload, still there while the import ran (embedded: part of its peak).
 */
const PREVIEW_FIRST_BYTES = 128 * 1024;

/** Preview of a CSV from its first bytes (`complete` when they are the whole file). */
export async function previewCsv(head: Uint8Array, complete: boolean, encoding: TextEncodingName, limits: { maxColumns: number; maxCellLength: number }): Promise<PreviewResult & { delimiter: Delimiter }> {
  if (head.length > PREVIEW_FIRST_BYTES) {
    const first = await previewCsvHead(head.subarray(0, PREVIEW_FIRST_BYTES), false, encoding, limits).catch(() => undefined);
    // Fewer rows than a preview shows (long rows) or no whole row: the whole head decides.
    if (first && first.preview.rows.length >= IMPORT_LIMITS.previewRows) return first;
  }
  return previewCsvHead(head, complete, encoding, limits);
}

async function previewCsvHead(head: Uint8Array, complete: boolean, encoding: TextEncodingName, limits: { maxColumns: number; maxCellLength: number }): Promise<PreviewResult & { delimiter: Delimiter }> {
  let text = new TextDecoder(encoding).decode(head, { stream: !complete });
  if (!complete) {
    // The head ends mid-row: keep whole lines only.
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (lastBreak === -1) throw new ImportFileError(422, `The first row is longer than ${(PREVIEW_HEAD_BYTES / 1024 / 1024).toFixed(0)} MB; this does not look like a contacts file`);
    text = text.slice(0, lastBreak + 1);
  }
  const delimiter = detectDelimiter(text);
  const source = (async function* () {
    yield { bytes: new TextEncoder().encode(text), progress: 1 };
  })();
  const reader = await openCsv(source, 'utf-8', { delimiter, maxRowChars: maxRowChars(limits) });
  if (reader.header.length === 0 && !complete) throw new ImportFileError(422, 'The first row is too long; this does not look like a contacts file');
  const { headers, rows, dataRows } = await firstRows(reader, limits.maxColumns);
  if (headers.length === 0) throw new ImportFileError(400, IMPORT_MESSAGES.empty);
  return {
    delimiter,
    dataRows,
    preview: { format: 'csv', encoding, delimiter, sheets: [], sheet: null, headers, rows, suggestedMapping: suggestMapping(headers, rows) },
  };
}

/** Preview of one sheet (default: the first) of an XLSX at `path`, after the zip bomb check. */
export async function previewXlsx(path: string, fileSize: number, sheetName: string | undefined, limits: XlsxLimits & { maxColumns: number }): Promise<PreviewResult> {
  const info = await inspectXlsx(path, fileSize, limits);
  const sheet = sheetName === undefined ? info.sheets[0]! : info.sheets.find((candidate) => candidate.name === sheetName);
  if (!sheet) throw new ImportFileError(404, `The workbook has no sheet named "${sheetName}"`);
  const { headers, rows, dataRows } = await firstRows(await openXlsx(path, fileSize, sheet, { chunkRows: IMPORT_LIMITS.previewRows + 1 }), limits.maxColumns);
  return {
    dataRows,
    preview: {
      format: 'xlsx',
      encoding: 'utf-8',
      delimiter: null,
      sheets: info.sheets.map((candidate) => candidate.name),
      sheet: sheet.name,
      headers,
      rows,
      suggestedMapping: suggestMapping(headers, rows),
    },
  };
}
