import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvCell, csvLine, neutraliseCell, type ExportCell } from './csv.ts';
import { loadExcelJs } from './exceljs.ts';
import { xlsxCaughtUp } from './xlsx-backpressure.ts';

/**
 * Streamed export files, CSV or XLSX (contacts, reports): rows come in batches from a generator
 * (keyset paging on the database side), CSV is generated as the client reads, XLSX goes through
 * exceljs's streaming WorkbookWriter with the zip's backlog bounded, so a million rows stream
 * with flat memory. Text cells are neutralised against formula injection (platform/csv.ts);
 * numbers are written as numbers (XLSX) and never are.
 */

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/** Called once the export ends: rows written, and whether the whole file went out. */
export type ExportDone = (result: { rows: number; completed: boolean }) => void;

export interface ExportSpec {
  /** File name without extension; the date is added. */
  name: string;
  sheetName: string;
  headers: readonly string[];
  /** Columns kept as plain text in XLSX (E.164 phones: a typed string cell cannot be a formula). */
  plainColumns?: readonly number[];
  batches: () => AsyncGenerator<ExportCell[][]>;
  /** The same rows as ready CSV lines (made by the database), when the source has them: the CSV export uses these. */
  csvChunks?: () => AsyncGenerator<{ text: string; rows: number }>;
}

function csvFile(spec: ExportSpec, done: ExportDone): Readable {
  async function* generate() {
    let rows = 0;
    let completed = false;
    try {
      yield `\uFEFF${csvLine(spec.headers)}`;
      if (spec.csvChunks) {
        for await (const chunk of spec.csvChunks()) {
          rows += chunk.rows;
          yield chunk.text;
        }
        completed = true;
        return;
      }
      for await (const batch of spec.batches()) {
        let chunk = '';
        for (const row of batch) {
          let line = csvCell(row[0] ?? null);
          for (let i = 1; i < row.length; i++) line += `,${csvCell(row[i] ?? null)}`;
          chunk += `${line}\r\n`;
        }
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

function xlsxFile(spec: ExportSpec, done: ExportDone): Readable {
  const out = new PassThrough();
  const plain = new Set(spec.plainColumns ?? []);
  let rows = 0;
  const write = async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(spec.sheetName);
    sheet.addRow([...spec.headers]).commit();
    for await (const batch of spec.batches()) {
      if (out.destroyed) return false;
      for (const row of batch) {
        sheet
          .addRow(
            row.map((cell, index) => (cell === null ? '' : typeof cell === 'number' || plain.has(index) ? cell : neutraliseCell(cell))),
          )
          .commit();
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

/** A streamed export file; `done` fires when it ends (for the audit). */
export function exportFile(spec: ExportSpec, format: ExportFormat, done: ExportDone): ExportFile {
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'xlsx') {
    return {
      stream: xlsxFile(spec, done),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${spec.name}-${stamp}.xlsx`,
    };
  }
  return { stream: csvFile(spec, done), contentType: 'text/csv; charset=utf-8', fileName: `${spec.name}-${stamp}.csv` };
}

/** Answers a request with the file as a download (never cached). */
export function sendExportFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/** Ready CSV text of a keyset-paged source, chunk by chunk, the next one asked for while this one is written. */
export async function* keysetCsvChunks(
  next: (after: string | null) => Promise<{ text: string; rows: number; last: string | null }>,
  batchSize: number,
): AsyncGenerator<{ text: string; rows: number }> {
  let pending: Promise<{ text: string; rows: number; last: string | null }> | null = next(null);
  try {
    while (pending) {
      const { text, rows, last }: { text: string; rows: number; last: string | null } = await pending;
      pending = rows < batchSize || last === null ? null : next(last);
      if (rows > 0) yield { text, rows };
    }
  } finally {
    pending?.catch(() => undefined);
  }
}

/**
 * Every row of a keyset-paged source, batch by batch: `next(after)` answers a batch and the cursor
 * after it. The next batch is asked for before this one is formatted and written, so the database
 * works while the rows are turned into text (PostgreSQL: another pool connection; PGlite queues it).
 */
export async function* keysetBatches<T, C>(
  next: (after: C | null) => Promise<{ rows: T[]; cursor: C | null }>,
  map: (row: T) => ExportCell[],
  batchSize: number,
): AsyncGenerator<ExportCell[][]> {
  let pending: Promise<{ rows: T[]; cursor: C | null }> | null = next(null);
  try {
    while (pending) {
      const { rows, cursor }: { rows: T[]; cursor: C | null } = await pending;
      pending = rows.length < batchSize || cursor === null ? null : next(cursor);
      if (rows.length > 0) yield rows.map(map);
    }
  } finally {
    // A client that went away leaves at most one query running: let it finish quietly.
    pending?.catch(() => undefined);
  }
}
