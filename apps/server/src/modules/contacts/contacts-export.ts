import { CONTACT_EXPORT_COLUMNS, type ContactFilter, type ExportFormat } from '@sms/contracts/contacts';
import type { Executor } from '../../db/client.ts';
import { neutraliseCell } from '../../platform/csv.ts';
import { exportFile, keysetBatches, type ExportDone, type ExportFile } from '../../platform/export-file.ts';
import { customFieldNames, exportBatch, type ExportCursor, type ExportRow } from './contacts.queries.ts';

/** Rows fetched per keyset query: big enough to amortise the round trip, small enough to stream. */
const BATCH_SIZE = 2000;
/** Custom field columns at most (with the fixed ones this stays under the import's column limit). */
const MAX_CUSTOM_COLUMNS = 150;

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

/** The next batch of the filter's contacts in list order after `after`, and the cursor after it (keyset paging). */
async function nextBatch(
  db: Executor,
  filter: ContactFilter,
  after: ExportCursor | null,
): Promise<{ rows: ExportRow[]; cursor: ExportCursor | null }> {
  const rows = await exportBatch(db, filter, after, BATCH_SIZE);
  const last = rows.at(-1);
  return { rows, cursor: last ? { createdAt: last.cursorAt, id: last.id } : null };
}

/**
 * A streamed export of the contacts matching `filter`, CSV or XLSX (platform/export-file.ts);
 * `done` fires when it ends (for the audit). In XLSX the phone stays plain E.164 text (a typed
 * string cell cannot be a formula); every other text cell is neutralised in both formats.
 */
export async function exportContacts(db: Executor, filter: ContactFilter, format: ExportFormat, done: ExportDone): Promise<ExportFile> {
  const customNames = await customFieldNames(db, filter, MAX_CUSTOM_COLUMNS);
  const headers = [...CONTACT_EXPORT_COLUMNS, ...customNames.map(neutraliseCell)];
  const batches = () =>
    keysetBatches<ExportRow, ExportCursor>(
      (after) => nextBatch(db, filter, after),
      (row) => cells(row, customNames),
      BATCH_SIZE,
    );
  return exportFile({ name: 'contacts', sheetName: 'Contacts', headers, plainColumns: [0], batches }, format, done);
}
