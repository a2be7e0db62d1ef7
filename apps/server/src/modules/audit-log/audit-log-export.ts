import { AUDIT_EXPORT_COLUMNS, type AuditLogFilter } from '@sms/contracts/audit-log';
import type { Executor } from '../../db/client.ts';
import { exportFile, keysetBatches, type ExportDone, type ExportFile } from '../../platform/export-file.ts';
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

/** The next batch of the filter's entries, newest first, after `after`, and the cursor after it (keyset paging). */
async function nextBatch(
  db: Executor,
  filter: AuditLogFilter,
  after: AuditCursor | null,
): Promise<{ rows: AuditExportRow[]; cursor: AuditCursor | null }> {
  const rows = await auditExportBatch(db, filter, after, BATCH_SIZE);
  const last = rows.at(-1);
  return { rows, cursor: last ? { at: last.cursorAt, id: last.id } : null };
}

/**
 * The entries of a filter as CSV (platform/export-file.ts: UTF-8 with BOM so spreadsheets read
 * accents), newest first, generated batch by batch as the client reads: memory stays flat
 * whatever the log's size. `done` fires when it ends (for the audit).
 */
export function auditLogCsv(db: Executor, filter: AuditLogFilter, done: ExportDone): ExportFile {
  const batches = () => keysetBatches<AuditExportRow, AuditCursor>((after) => nextBatch(db, filter, after), cells, BATCH_SIZE);
  return exportFile({ name: 'audit-log', sheetName: 'Audit log', headers: AUDIT_EXPORT_COLUMNS, batches }, 'csv', done);
}
