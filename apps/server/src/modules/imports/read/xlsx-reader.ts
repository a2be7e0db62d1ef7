import { createReadStream, ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { withoutNul } from '@sms/contracts/text-input';
import yauzl from 'yauzl';
import { loadExcelJs } from '../../../platform/exceljs.ts';
import { ImportFileError, type RowChunk, type TableReader } from './table-reader.ts';

export interface XlsxLimits {
  xlsxMaxUncompressedBytes: number;
  xlsxMaxRatio: number;
}

export interface XlsxSheet {
  name: string;
  /** Entry of the sheet's XML in the zip, e.g. xl/worksheets/sheet2.xml. */
  entry: string;
}

export interface XlsxInfo {
  sheets: XlsxSheet[];
}

const MAX_ENTRIES = 10_000;
const MAX_META_BYTES = 16 * 1024 * 1024;

const corrupt = (detail?: string) =>
  new ImportFileError(422, `The Excel file is damaged and cannot be read${detail ? ` (${detail})` : ''}`);
const bomb = (limits: XlsxLimits) =>
  new ImportFileError(
    422,
    `The Excel file unpacks to more than ${Math.round(limits.xlsxMaxUncompressedBytes / 1024 / 1024)} MB or is packed suspiciously tightly; save it as CSV and import that`,
  );

/** Reads one (small) entry fully, refusing more than `max` bytes. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<string> {
  if (entry.uncompressedSize > max) throw corrupt(`${entry.fileName} is too large`);
  const stream = await zip.openReadStreamPromise(entry);
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
const xmlText = (value: string) =>
  value.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_all, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()]!;
    return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });

/**
 * Checks an XLSX before anything parses it (zip bomb guard) and lists its sheets. The central
 * directory's sizes are summed and compared with the limits and with the file size; then every
 * entry is inflated once through yauzl, which stops as soon as an entry yields more bytes than it
 * declared, so lying size fields cannot get past the check either. Archive bytes that no listed
 * entry accounts for (hidden entries a streaming unzip would still see) are refused too.
 */
export async function inspectXlsx(path: string, fileSize: number, limits: XlsxLimits): Promise<XlsxInfo> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw corrupt((error as Error).message);
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw bomb(limits);
    const entries: yauzl.Entry[] = [];
    let uncompressed = 0;
    let accounted = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        entries.push(entry);
        uncompressed += entry.uncompressedSize;
        accounted +=
          entry.compressedSize +
          30 +
          entry.fileNameLength +
          entry.extraFieldLength +
          16 +
          46 +
          entry.fileNameLength +
          entry.extraFieldLength +
          entry.fileCommentLength;
        if (entry.isEncrypted())
          throw new ImportFileError(422, 'The Excel file is password-protected; remove the password and upload it again');
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw corrupt((error as Error).message);
    }
    const names = new Set(entries.map((entry) => entry.fileName));
    if (!names.has('xl/workbook.xml')) throw new ImportFileError(415, 'This file is not a CSV or Excel file');
    if (uncompressed > limits.xlsxMaxUncompressedBytes || uncompressed > Math.max(fileSize, 64 * 1024) * limits.xlsxMaxRatio)
      throw bomb(limits);
    if (fileSize - accounted > 64 * 1024 + fileSize / 100) throw bomb(limits);

    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
    let workbookXml: string;
    let relsXml = '';
    try {
      // Inflate everything once: yauzl refuses an entry that grows past its declared size.
      for (const entry of entries) {
        if (entry.fileName.endsWith('/')) continue;
        const stream = await zip.openReadStreamPromise(entry);
        for await (const part of stream) void part;
      }
      workbookXml = await readEntry(zip, byName.get('xl/workbook.xml')!, MAX_META_BYTES);
      const rels = byName.get('xl/_rels/workbook.xml.rels');
      if (rels) relsXml = await readEntry(zip, rels, MAX_META_BYTES);
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw corrupt((error as Error).message);
    }
    const targets = new Map<string, string>();
    for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
      const { Id, Target } = attributes(match[0]);
      if (Id && Target) targets.set(Id, Target.startsWith('/') ? Target.slice(1) : `xl/${Target}`);
    }
    const sheets: XlsxSheet[] = [];
    for (const match of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
      const attrs = attributes(match[0]);
      const name = xmlText(attrs.name ?? '');
      const entry = targets.get(attrs['r:id'] ?? '') ?? `xl/worksheets/sheet${sheets.length + 1}.xml`;
      if (name && names.has(entry)) sheets.push({ name, entry });
    }
    if (sheets.length === 0) throw corrupt('it has no worksheets');
    return { sheets };
  } finally {
    zip.close();
  }
}

/** A cell's value as text, the way the sheet shows it (formulas: their last computed result), without NUL. */
export const cellText = (value: unknown): string => withoutNul(shownText(value));

function shownText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof value === 'object') {
    const cell = value as {
      richText?: Array<{ text?: string }>;
      formula?: string;
      sharedFormula?: string;
      result?: unknown;
      text?: string;
      error?: string;
      hyperlink?: string;
    };
    if (cell.richText) return cell.richText.map((run) => run.text ?? '').join('');
    if (cell.formula !== undefined || cell.sharedFormula !== undefined)
      return cell.result === undefined ? `=${cell.formula ?? ''}` : shownText(cell.result);
    if (cell.text !== undefined) return shownText(cell.text);
    if (cell.error !== undefined) return cell.error;
  }
  return String(value);
}

interface SheetRow {
  number: number;
  values: unknown[];
}

/** A row's cells (exceljs rows are 1-based sparse arrays). */
const rowCells = (row: SheetRow): string[] => {
  const cells: string[] = [];
  const values = row.values;
  for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
  return cells;
};

/** exceljs's WorksheetReader, as far as it is used here. */
interface SheetReader {
  id: string | number;
  name: string;
  /** The sheet's XML: a file stream when exceljs parked the sheet in a temporary file. */
  iterator: unknown;
  parse(): AsyncIterable<Array<{ eventType: string; value: SheetRow }>>;
}

/**
 * exceljs parks every worksheet that comes before the shared strings in the zip (Excel's own
 * order, and exceljs's) in a temporary file, read back once the zip is read, and deletes each
 * file when the reading moves past its sheet. Such a sheet comes with a file stream.
 */
const isParked = (reader: SheetReader): reader is SheetReader & { iterator: ReadStream } => reader.iterator instanceof ReadStream;

/**
 * A parked sheet passed over has its file stream closed: left alone, the stream would open the
 * file after exceljs deleted it and throw ENOENT with nobody listening (an uncaught exception in
 * the server).
 */
function discardSheet(reader: SheetReader): void {
  if (!isParked(reader)) return;
  reader.iterator.on('error', () => {});
  reader.iterator.destroy();
}

/** The temporary file a parked sheet was stored in. */
const parkedPath = (reader: SheetReader): string | undefined => (isParked(reader) ? String(reader.iterator.path) : undefined);

/**
 * Streams one sheet of an inspected XLSX (exceljs WorkbookReader: shared strings cached, other
 * sheets skipped). The first non-empty row is the header. Read errors become ImportFileError.
 * Closing deletes the temporary files exceljs parked sheets in (see `discardSheet`).
 */
export async function openXlsx(
  path: string,
  fileSize: number,
  sheet: XlsxSheet,
  options: { chunkRows?: number } = {},
): Promise<TableReader> {
  const chunkRows = options.chunkRows ?? 5000;
  const ExcelJS = await loadExcelJs();
  const stream = createReadStream(path);
  let bytesRead = 0;
  stream.on('data', (chunk) => (bytesRead += chunk.length));
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // exceljs names a sheet from the workbook's model, which it only has once it has read
  // xl/workbook.xml; a sheet stored after the shared strings but before workbook.xml (exceljs's own
  // writer does this at times) made it read `undefined.sheets` and fail. With an empty model such a
  // sheet keeps its entry's name (Sheet<n>), which `rows` below matches by number.
  (workbook as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  const sheets = workbook[Symbol.asyncIterator]() as AsyncIterator<SheetReader>;
  const sheetNumber = /sheet(\d+)\.xml$/.exec(sheet.entry)?.[1];
  // Set once the chosen sheet is found: whether exceljs had parked it (the zip is then read through).
  let chosenWasParked = false;
  // Files of the parked sheets seen so far: removed on close (exceljs only starts an unlink).
  const parkedFiles = new Set<string>();
  const noteSheet = (reader: SheetReader) => {
    const path = parkedPath(reader);
    if (path) parkedFiles.add(path);
  };

  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      for (;;) {
        const next = await sheets.next();
        if (next.done) return;
        const reader = next.value;
        noteSheet(reader);
        if (reader.name !== sheet.name && !(reader.name === `Sheet${reader.id}` && String(reader.id) === sheetNumber)) {
          discardSheet(reader);
          continue;
        }
        chosenWasParked = isParked(reader);
        for await (const events of reader.parse()) {
          for (const event of events) if (event.eventType === 'row') yield event.value;
        }
        return;
      }
    } catch (error) {
      throw corrupt((error as Error).message);
    }
  }

  /**
   * The chosen sheet was parked: the zip is read, and what is left are parked sheets. Moving past
   * each (closing its stream) has exceljs close its file descriptor and start deleting the file.
   * Otherwise the rest of the zip is not read (it may be a large sheet); sheets parked before the
   * chosen one are only known when passed over, so with sheets both before the shared strings and
   * after them, those not reached stay until the process exits (exceljs's own clean-up).
   * Every parked file seen is then removed here, so it is gone when `close` resolves: exceljs
   * does not wait for its unlink, and a reading thread may be stopped right after.
   */
  async function releaseParkedSheets(): Promise<void> {
    if (!chosenWasParked) await sheets.return?.();
    else {
      for (;;) {
        const next = await sheets.next();
        if (next.done) break;
        noteSheet(next.value);
        discardSheet(next.value);
      }
    }
    await Promise.all([...parkedFiles].map((path) => rm(path, { force: true })));
  }

  const source = rows()[Symbol.asyncIterator]();
  let header: string[] = [];
  let headerRowNumber = 1;
  for (;;) {
    const next = await source.next();
    if (next.done) break;
    const cells = rowCells(next.value);
    if (cells.every((cell) => cell.trim() === '')) continue;
    header = cells;
    headerRowNumber = next.value.number;
    break;
  }

  async function* chunks(): AsyncGenerator<RowChunk> {
    let expected = headerRowNumber + 1;
    let chunk: RowChunk = { firstRowNumber: expected, rows: [], progress: 0 };
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      const row = next.value;
      // Rows absent from the sheet's XML are blank rows: keep numbering aligned with Excel's.
      while (expected < row.number) {
        chunk.rows.push(null);
        expected++;
      }
      const cells = rowCells(row);
      chunk.rows.push(cells.every((cell) => cell === '') ? null : cells);
      expected = row.number + 1;
      if (chunk.rows.length >= chunkRows) {
        chunk.progress = Math.min(1, bytesRead / Math.max(1, fileSize));
        yield chunk;
        chunk = { firstRowNumber: expected, rows: [], progress: 0 };
      }
    }
    chunk.progress = 1;
    if (chunk.rows.length) yield chunk;
  }

  return {
    header,
    headerRowNumber,
    chunks: chunks(),
    close: async () => {
      await source.return?.(undefined);
      await releaseParkedSheets().catch(() => {});
      stream.destroy();
    },
  };
}
