import type { Readable } from 'node:stream';
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
  parse(): AsyncIterable<Array<{ eventType: string; value: SheetRow }>>;
}

/**
 * The parts of exceljs's streaming WorkbookReader used here: the parsers of each part of a
 * workbook, fed one part at a time in the order they depend on each other. exceljs's own `parse`
 * unzips the file as one stream and, depending on the order of the entries in the zip (which
 * exceljs's own writer varies), now and then lost the entries after some point: the chosen sheet
 * was never found or read without its shared strings (cells "[object Object]"). exceljs 4.4.0 is
 * pinned; `xlsx-entry-order.test.ts` reads every order these parsers must cope with.
 */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: SheetReader }>;
}

/**
 * Streams one sheet of an inspected XLSX. The zip is read by random access (yauzl): the
 * relationships, workbook, shared strings and styles first, then the chosen sheet's XML alone,
 * whatever order the entries are stored in, and no other sheet is inflated. The first non-empty
 * row is the header. Read errors become ImportFileError.
 */
export async function openXlsx(path: string, sheet: XlsxSheet, options: { chunkRows?: number } = {}): Promise<TableReader> {
  const chunkRows = options.chunkRows ?? 5000;
  const ExcelJS = await loadExcelJs();
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw corrupt((error as Error).message);
  }
  let sheetStream: Readable | undefined;
  let bytesRead = 0;
  let sheetSize = 1;
  const close = async () => {
    sheetStream?.destroy();
    zip.close();
  };

  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      const entries = new Map<string, yauzl.Entry>();
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
      const chosen = entries.get(sheet.entry);
      if (!chosen) throw corrupt(`${sheet.entry} is missing`);
      const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      }) as unknown as WorkbookParts;
      // Text, not bytes: exceljs decodes each chunk on its own, so a character split between two
      // chunks became two U+FFFD (and the row was then refused). The stream's decoder keeps it whole.
      const openText = async (entry: yauzl.Entry) => ((await zip.openReadStreamPromise(entry)) as Readable).setEncoding('utf8');
      const open = async (name: string) => {
        const entry = entries.get(name);
        return entry ? openText(entry) : undefined;
      };
      const rels = await open('xl/_rels/workbook.xml.rels');
      if (rels) await workbook._parseRels(rels);
      const book = await open('xl/workbook.xml');
      if (book) await workbook._parseWorkbook(book);
      const strings = await open('xl/sharedStrings.xml');
      if (strings) for await (const event of workbook._parseSharedStrings(strings)) void event;
      const styles = await open('xl/styles.xml');
      if (styles) await workbook._parseStyles(styles);

      sheetSize = Math.max(1, chosen.uncompressedSize);
      const stream = (sheetStream = await openText(chosen));
      stream.on('data', (chunk: string) => (bytesRead += Buffer.byteLength(chunk)));
      const sheetNo = /sheet(\d+)\.xml$/.exec(sheet.entry)?.[1] ?? '1';
      for (const { value: reader } of workbook._parseWorksheet(stream, sheetNo)) {
        for await (const events of reader.parse()) {
          for (const event of events) if (event.eventType === 'row') yield event.value;
        }
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw corrupt((error as Error).message);
    }
  }

  const source = rows()[Symbol.asyncIterator]();
  let header: string[] = [];
  let headerRowNumber = 1;
  try {
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      const cells = rowCells(next.value);
      if (cells.every((cell) => cell.trim() === '')) continue;
      header = cells;
      headerRowNumber = next.value.number;
      break;
    }
  } catch (error) {
    await close();
    throw error;
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
        chunk.progress = Math.min(1, bytesRead / sheetSize);
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
      await close();
    },
  };
}
