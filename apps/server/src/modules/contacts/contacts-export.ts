import { PassThrough, Readable } from 'node:stream';
import { CONTACT_EXPORT_COLUMNS, type ContactFilter, type ExportFormat } from '@sms/contracts/contacts';
import type { Executor } from '../../db/client.ts';
import { loadExcelJs } from '../../platform/exceljs.ts';
import { xlsxCaughtUp } from '../../platform/xlsx-backpressure.ts';
import { customFieldNames, exportBatch, type ExportCursor, type ExportRow } from './contacts.queries.ts';

/** Rows fetched per keyset query: big enough to amortise the round trip, small enough to stream. */
const BATCH_SIZE = 2000;
/** Custom field columns at most (with the fixed ones this stays under the import's column limit). */
const MAX_CUSTOM_COLUMNS = 150;

/**
 * Spreadsheet formula injection guard (OWASP "CSV injection"): a cell starting with = + - @ tab or
 * CR is prefixed with a single quote so spreadsheets show it as text instead of evaluating it.
 * E.164 phones start with '+', so CSV phones come out as '+447911123456 (which also stops Excel
 * turning them into 4.47911E+11); normalisePhone strips that quote, so the file re-imports as is.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: fields with a quote, comma or line break are quoted, quotes doubled. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The contact as export cells, in CONTACT_EXPORT_COLUMNS order then one per custom field name. */
function cells(row: ExportRow, customNames: string[]): string[] {
  const custom = row.customFields as Record<string, unknown>;
  return [
    row.phone,
    row.firstName ?? '',
    row.lastName ?? '',
    row.email ?? '',
    row.tag1 ?? '',
    row.tag2 ?? '',
    row.tag3 ?? '',
    row.status,
    row.optedOutAt?.toISOString() ?? '',
    row.optOutSource ?? '',
    row.notes ?? '',
    row.source,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
    ...customNames.map((name) => {
      const value = custom[name];
      return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    }),
  ];
}

/** Every contact of the filter in list order, batch by batch (keyset paging: constant cost per batch). */
async function* batches(db: Executor, filter: ContactFilter): AsyncGenerator<ExportRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, filter, cursor, BATCH_SIZE);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1] as ExportRow;
    cursor = { createdAt: last.cursorAt, id: last.id };
  }
}

export interface ContactExport {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/** Called once the export ends: rows written, and whether the whole file went out. */
export type ExportDone = (result: { rows: number; completed: boolean }) => void;

/** CSV (UTF-8 with BOM so Excel reads accents) generated batch by batch as the client reads. */
function csvExport(db: Executor, filter: ContactFilter, headers: string[], customNames: string[], done: ExportDone): Readable {
  async function* generate() {
    let rows = 0;
    let completed = false;
    try {
      yield `\uFEFF${headers.map(csvField).join(',')}\r\n`;
      for await (const batch of batches(db, filter)) {
        let chunk = '';
        for (const row of batch) chunk += `${cells(row, customNames).map((cell) => csvField(neutraliseCell(cell))).join(',')}\r\n`;
        rows += batch.length;
        yield chunk;
      }
      completed = true;
    } finally {
      done({ rows, completed });
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

/**
 * XLSX through exceljs's streaming WorkbookWriter: rows are committed as they come, so memory
 * stays flat. Cells are typed strings (never formulas); free text is neutralised all the same
 * so a copy-paste or "save as CSV" stays harmless, while the phone keeps its plain E.164 text.
 */
function xlsxExport(db: Executor, filter: ContactFilter, headers: string[], customNames: string[], done: ExportDone): Readable {
  const out = new PassThrough();
  let rows = 0;
  const write = async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Contacts');
    sheet.addRow(headers).commit();
    for await (const batch of batches(db, filter)) {
      if (out.destroyed) return false;
      for (const row of batch) {
        const [phone = '', ...rest] = cells(row, customNames);
        sheet.addRow([phone, ...rest.map(neutraliseCell)]).commit();
      }
      rows += batch.length;
      await xlsxCaughtUp(sheet, out);
    }
    sheet.commit();
    await workbook.commit();
    return true;
  };
  write().then(
    (completed) => done({ rows, completed }),
    (error: unknown) => {
      done({ rows, completed: false });
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}

/** A streamed export of the contacts matching `filter`; `done` fires when it ends (for the audit). */
export async function exportContacts(db: Executor, filter: ContactFilter, format: ExportFormat, done: ExportDone): Promise<ContactExport> {
  const customNames = await customFieldNames(db, filter, MAX_CUSTOM_COLUMNS);
  const headers = [...CONTACT_EXPORT_COLUMNS, ...customNames.map(neutraliseCell)];
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'xlsx') {
    return {
      stream: xlsxExport(db, filter, headers, customNames, done),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `contacts-${stamp}.xlsx`,
    };
  }
  return { stream: csvExport(db, filter, headers, customNames, done), contentType: 'text/csv; charset=utf-8', fileName: `contacts-${stamp}.csv` };
}
