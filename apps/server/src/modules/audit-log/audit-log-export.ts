import { Readable } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS, type AuditLogFilter } from '@sms/contracts/audit-log';
import type { Executor } from '../../db/client.ts';
import { csvLine } from '../../platform/csv.ts';
import { auditExportBatch, type AuditCursor, type AuditExportRow } from './audit-log.queries.ts';

/** Entries fetched per keyset query. */
const BATCH_SIZE = 2000;

/** An entry as export cells, in AUDIT_EXPORT_COLUMNS order; details as compact JSON. */
function cells(row: AuditExportRow): string[] {
  return [
    row.at.toISOString(),
    row.actorName ?? '',
    row.actorEmail ?? '',
    row.actorId ?? '',
    row.action,
    row.subject,
    row.subjectId ?? '',
    row.ip ?? '',
    JSON.stringify(row.details ?? {}),
  ];
}

/** Called once the export ends: rows written, and whether the whole file went out. */
export type AuditExportDone = (result: { rows: number; completed: boolean }) => void;

/**
 * The entries of a filter as CSV (UTF-8 with BOM so spreadsheets read accents), newest first,
 * generated batch by batch as the client reads: memory stays flat whatever the log's size.
 */
export function auditLogCsv(db: Executor, filter: AuditLogFilter, done: AuditExportDone): Readable {
  async function* generate() {
    let rows = 0;
    let completed = false;
    try {
      yield `\uFEFF${csvLine(AUDIT_EXPORT_COLUMNS)}`;
      let cursor: AuditCursor | null = null;
      for (;;) {
        const batch = await auditExportBatch(db, filter, cursor, BATCH_SIZE);
        if (batch.length > 0) yield batch.map((row) => csvLine(cells(row))).join('');
        rows += batch.length;
        if (batch.length < BATCH_SIZE) break;
        const last = batch[batch.length - 1] as AuditExportRow;
        cursor = { at: last.cursorAt, id: last.id };
      }
      completed = true;
    } finally {
      done({ rows, completed });
    }
  }
  return Readable.from(generate());
}
