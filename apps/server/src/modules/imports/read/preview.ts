import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportMapping, type ImportPreview, type ImportPreviewNote } from '@sms/contracts/imports';
import { openCsv } from './csv-reader.ts';
import { ImportFileError, isRowProblem, type TableReader } from './table-reader.ts';
import { inspectXlsx, openXlsx, type XlsxLimits, type XlsxSheet } from './xlsx-reader.ts';
import { detectDelimiter, type Delimiter, type TextEncodingName } from './sniff.ts';
import { exportFormatMapping, suggestMapping } from './mapping.ts';

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
    if (reader.header.length > maxColumns)
      throw new ImportFileError(422, `The file has ${reader.header.length} columns; at most ${maxColumns} are allowed`);
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

/** The suggested mapping of a table, and the note that it is this app's own export when it is. */
function mappingOf(headers: string[], rows: string[][]): { suggestedMapping: ImportMapping; notes: ImportPreviewNote[] } {
  const exported = exportFormatMapping(headers);
  if (!exported) return { suggestedMapping: suggestMapping(headers, rows), notes: [] };
  const kept = exported.ignored.join(', ');
  return {
    suggestedMapping: exported.mapping,
    notes: [
      {
        code: 'contacts_export',
        message: `This file is a contacts export of this app: its columns map back to the same fields; ${kept} are kept by the app and not imported`,
        ignored: exported.ignored,
      },
    ],
  };
}

/**
 * The first bytes a CSV preview tries: enough for the header and the preview rows of nearly every
 * file. Decoding and parsing a head of several megabytes left its strings and rows in the old
 * generation at each upload, still there while the import ran (embedded: part of its peak).
 */
const PREVIEW_FIRST_BYTES = 128 * 1024;

/** Preview of a CSV from its first bytes (`complete` when they are the whole file). */
export async function previewCsv(
  head: Uint8Array,
  complete: boolean,
  encoding: TextEncodingName,
  limits: { maxColumns: number; maxCellLength: number },
): Promise<PreviewResult & { delimiter: Delimiter }> {
  if (head.length > PREVIEW_FIRST_BYTES) {
    const first = await previewCsvHead(head.subarray(0, PREVIEW_FIRST_BYTES), false, encoding, limits).catch(() => undefined);
    // Fewer rows than a preview shows (long rows) or no whole row: the whole head decides.
    if (first && first.preview.rows.length >= IMPORT_LIMITS.previewRows) return first;
  }
  return previewCsvHead(head, complete, encoding, limits);
}

async function previewCsvHead(
  head: Uint8Array,
  complete: boolean,
  encoding: TextEncodingName,
  limits: { maxColumns: number; maxCellLength: number },
): Promise<PreviewResult & { delimiter: Delimiter }> {
  let text = new TextDecoder(encoding).decode(head, { stream: !complete });
  if (!complete) {
    // The head ends mid-row: keep whole lines only.
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (lastBreak === -1)
      throw new ImportFileError(
        422,
        `The first row is longer than ${(PREVIEW_HEAD_BYTES / 1024 / 1024).toFixed(0)} MB; this does not look like a contacts file`,
      );
    text = text.slice(0, lastBreak + 1);
  }
  const delimiter = detectDelimiter(text);
  const source = (async function* () {
    yield { bytes: new TextEncoder().encode(text), progress: 1 };
  })();
  const reader = await openCsv(source, 'utf-8', { delimiter, maxRowChars: maxRowChars(limits) });
  if (reader.header.length === 0 && !complete)
    throw new ImportFileError(422, 'The first row is too long; this does not look like a contacts file');
  const { headers, rows, dataRows } = await firstRows(reader, limits.maxColumns);
  if (headers.length === 0) throw new ImportFileError(400, IMPORT_MESSAGES.empty);
  return {
    delimiter,
    dataRows,
    preview: { format: 'csv', encoding, delimiter, sheets: [], sheet: null, headers, rows, ...mappingOf(headers, rows) },
  };
}

/** Sheets a preview looks through for a phone number column, in workbook order. */
const SHEETS_SEARCHED = 20;

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * Preview of an XLSX at `path`, after the zip bomb check: of the sheet named `sheetName`, or else
 * of the first sheet with a phone number column (the first sheet when none has one), with a note
 * saying which sheet was chosen and why when the workbook has several.
 */
export async function previewXlsx(
  path: string,
  fileSize: number,
  sheetName: string | undefined,
  limits: XlsxLimits & { maxColumns: number },
): Promise<PreviewResult> {
  const info = await inspectXlsx(path, fileSize, limits);
  const read = async (sheet: XlsxSheet) => {
    const table = await firstRows(await openXlsx(path, sheet, { chunkRows: IMPORT_LIMITS.previewRows + 1 }), limits.maxColumns);
    return { sheet, table, ...mappingOf(table.headers, table.rows) };
  };
  const several = info.sheets.length > 1;
  let chosen: Awaited<ReturnType<typeof read>>;
  const sheetNotes: ImportPreviewNote[] = [];
  if (sheetName !== undefined) {
    const sheet = info.sheets.find((candidate) => candidate.name === sheetName);
    if (!sheet) throw new ImportFileError(404, `The workbook has no sheet named "${sheetName}"`);
    chosen = await read(sheet);
  } else {
    chosen = await read(info.sheets[0]!);
    const skipped: string[] = [];
    if (!hasPhone(chosen.suggestedMapping)) {
      for (const sheet of info.sheets.slice(1, SHEETS_SEARCHED)) {
        // A later sheet that cannot be read (too many columns, say) is passed over like one without phones.
        const candidate = await read(sheet).catch((error: unknown) =>
          error instanceof ImportFileError ? undefined : Promise.reject(error),
        );
        if (candidate && hasPhone(candidate.suggestedMapping)) {
          skipped.push(...info.sheets.slice(0, info.sheets.indexOf(sheet)).map((passed) => passed.name));
          chosen = candidate;
          break;
        }
      }
    }
    // One sheet: nothing was chosen, nothing to say.
    if (several && hasPhone(chosen.suggestedMapping)) {
      sheetNotes.push({ code: 'sheet_with_phone', sheet: chosen.sheet.name, skipped, message: sheetMessage(chosen.sheet.name, skipped) });
    } else if (several) {
      sheetNotes.push({
        code: 'no_phone_sheet',
        sheet: chosen.sheet.name,
        message: `No sheet has a column of phone numbers; showing the first sheet, "${chosen.sheet.name}": map its phone number column or choose another sheet`,
      });
    }
  }
  const { sheet, table, suggestedMapping, notes } = chosen;
  return {
    dataRows: table.dataRows,
    preview: {
      format: 'xlsx',
      encoding: 'utf-8',
      delimiter: null,
      sheets: info.sheets.map((candidate) => candidate.name),
      sheet: sheet.name,
      headers: table.headers,
      rows: table.rows,
      suggestedMapping,
      notes: [...sheetNotes, ...notes],
    },
  };
}

const hasPhone = (mapping: ImportMapping) => Object.values(mapping).includes('phone');

function sheetMessage(sheet: string, skipped: string[]): string {
  if (skipped.length === 0) return `Showing sheet "${sheet}", the first sheet, which has a phone number column`;
  return `Showing sheet "${sheet}": the first sheet with a phone number column (${quoted(skipped)} ${skipped.length === 1 ? 'has' : 'have'} none)`;
}
