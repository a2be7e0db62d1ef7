import type { OnDuplicate } from '@sms/contracts/imports';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { importFileChunks, importRejections, imports, users } from '../../db/schema.ts';

export type ImportRow = typeof imports.$inferSelect;
export type NewImportRow = typeof imports.$inferInsert;
/** An import with the name of the account that uploaded it. */
export type ImportWithCreator = ImportRow & { creatorName: string | null };

/** Columns of imports plus the uploader's name (null when the account is gone). */
const importColumns = () => ({
  id: imports.id,
  status: imports.status,
  fileName: imports.fileName,
  fileSize: imports.fileSize,
  format: imports.format,
  encoding: imports.encoding,
  delimiter: imports.delimiter,
  sheet: imports.sheet,
  mapping: imports.mapping,
  options: imports.options,
  bytesRead: imports.bytesRead,
  rowsRead: imports.rowsRead,
  created: imports.created,
  updated: imports.updated,
  duplicates: imports.duplicates,
  rejected: imports.rejected,
  readAsInternational: imports.readAsInternational,
  internationalExamples: imports.internationalExamples,
  errorMessage: imports.errorMessage,
  cancelRequested: imports.cancelRequested,
  createdBy: imports.createdBy,
  createdAt: imports.createdAt,
  startedAt: imports.startedAt,
  finishedAt: imports.finishedAt,
  creatorName: users.name,
});

/** Creates the import row of an upload. */
export async function insertImport(db: Executor, values: NewImportRow): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error('insert into imports returned no row');
  return row;
}

/** One import with its uploader's name. */
export async function findImport(db: Executor, id: string): Promise<ImportWithCreator | undefined> {
  const [row] = await db.select(importColumns()).from(imports).leftJoin(users, eq(users.id, imports.createdBy)).where(eq(imports.id, id));
  return row;
}

/** Import history, newest first. */
export async function listImports(
  db: Executor,
  page: { limit: number; skip: number },
): Promise<{ rows: ImportWithCreator[]; total: number }> {
  const rows = await db
    .select(importColumns())
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(page.limit)
    .offset(page.skip);
  const [total] = await db.select({ n: count() }).from(imports);
  return { rows, total: total?.n ?? 0 };
}

/** Applies a change to an import; `onlyIn` guards against racing status changes. */
export async function updateImport(
  db: Executor,
  id: string,
  patch: Partial<NewImportRow>,
  onlyIn?: ImportRow['status'][],
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set(patch)
    .where(onlyIn ? and(eq(imports.id, id), inArray(imports.status, onlyIn)) : eq(imports.id, id))
    .returning();
  return row;
}

/** Deletes an import (its chunks and rejections go with it). */
export async function deleteImport(db: Executor, id: string): Promise<void> {
  await db.delete(imports).where(eq(imports.id, id));
}

/** Stores one chunk of an uploaded file. */
export async function insertFileChunk(db: Executor, importId: string, seq: number, bytes: Buffer): Promise<void> {
  await db.insert(importFileChunks).values({ importId, seq, bytes });
}

/** Deletes the stored chunks of an import's file (its import ended, or its upload failed). */
export async function deleteFileChunks(db: Executor, importId: string): Promise<void> {
  await db.delete(importFileChunks).where(eq(importFileChunks.importId, importId));
}

/** Deletes every stored chunk (embedded: uploads are files; chunks left by an earlier version have no reader). */
export async function deleteAllFileChunks(db: Executor): Promise<void> {
  await db.delete(importFileChunks);
}

/** Ids of imports whose upload is still needed: not started yet, or running. */
export async function listImportsAwaitingFile(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(inArray(imports.status, ['uploaded', 'queued', 'running']));
  return rows.map((row) => row.id);
}

/** One stored chunk of a file (undefined past the end). */
export async function findFileChunk(db: Executor, importId: string, seq: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: importFileChunks.bytes })
    .from(importFileChunks)
    .where(and(eq(importFileChunks.importId, importId), eq(importFileChunks.seq, seq)));
  return row?.bytes;
}

/** Rejected rows after `afterRow`, in row order (keyset pages for the error file). */
export async function listRejections(db: Executor, importId: string, afterRow: number, limit: number) {
  return db
    .select({ rowNumber: importRejections.rowNumber, raw: importRejections.raw, reason: importRejections.reason })
    .from(importRejections)
    .where(and(eq(importRejections.importId, importId), gt(importRejections.rowNumber, afterRow)))
    .orderBy(asc(importRejections.rowNumber))
    .limit(limit);
}

/** Marks a running import's counters final and its status (completed, failed or cancelled). */
export async function finishImport(
  db: Executor,
  id: string,
  status: 'completed' | 'failed' | 'cancelled',
  errorMessage: string | null,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(imports)
    .set({ status, errorMessage, finishedAt: sql`now()`, ...(status === 'completed' ? { bytesRead: sql`${imports.fileSize}` } : {}) })
    .where(eq(imports.id, id))
    .returning();
  return row;
}

/** Refreshes the planner statistics of contacts (ANALYZE samples at most 30,000 rows: well under a second). */
export async function analyzeContacts(db: Executor): Promise<void> {
  await db.execute(sql`analyze contacts`);
}

/** Marks imports uploaded more than `hours` ago and never started 'expired' (by the database's clock); answers their ids. */
export async function expireUploadsOlderThan(db: Executor, hours: number): Promise<string[]> {
  const rows = await db
    .update(imports)
    .set({
      status: 'expired',
      finishedAt: sql`now()`,
      errorMessage: `Not started within ${hours} hours: the uploaded file was removed; upload it again`,
    })
    .where(and(eq(imports.status, 'uploaded'), sql`${imports.createdAt} < now() - make_interval(hours => ${hours})`))
    .returning({ id: imports.id });
  return rows.map((row) => row.id);
}

/** Marks every running import failed (embedded start-up: nothing else can be running them). */
export async function failInterruptedImports(db: Executor, message: string): Promise<void> {
  await db
    .update(imports)
    .set({ status: 'failed', errorMessage: message, finishedAt: sql`now()` })
    .where(eq(imports.status, 'running'));
}

// ---- Raw SQL of one import batch (run on a pg client or a PGlite transaction) ----

/**
 * Columns of a staged contact, in COPY order: the same text loads contacts directly (new numbers)
 * or the batch table (the merge).
 */
export const CONTACT_COPY_COLUMNS =
  'phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields, id, source, import_id, created_by';
/** The same for an import that maps notes or status (the others leave both out: less to write per row). */
export const CONTACT_COPY_COLUMNS_WITH_STATUS =
  'phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields, notes, status, id, source, import_id, created_by';

/** The COPY columns of an import's staged contacts. */
export const copyColumns = (statusAndNotes: boolean) => (statusAndNotes ? CONTACT_COPY_COLUMNS_WITH_STATUS : CONTACT_COPY_COLUMNS);

/** Where COPY reads: the client's stream (PostgreSQL) or a Blob handed to the query (PGlite). */
export type CopySource = 'stdin' | `'/dev/blob'`;

/** Loads staged contacts straight into contacts (numbers the existence check found new). */
export const copyContactsSql = (source: CopySource, columns = CONTACT_COPY_COLUMNS) => `copy contacts (${columns}) from ${source}`;

/** Loads staged contacts into this connection's batch table, for the merge. */
export const copyBatchSql = (source: CopySource, columns = CONTACT_COPY_COLUMNS) => `copy import_batch (${columns}) from ${source}`;

/**
 * Stamps the opt-out of the contacts a batch marked opted out (new ones, or stored ones the merge
 * opted out) with the database's time and source 'import'; earlier opt-outs keep theirs.
 */
export const STAMP_IMPORT_OPT_OUTS_SQL = `update contacts set opted_out_at = now(), opt_out_source = 'import'
  where phone = any($1::text[]) and status = 'opted_out' and opted_out_at is null`;

/**
 * Which of a batch's numbers are stored already: one probe of the phone index each (asked once an
 * import has met a stored number; see storeContacts in batch-writer.ts). Numbers found new are
 * copied straight into contacts (multi-row inserts, no speculative insertion: faster writes on
 * PGlite, less database CPU on PostgreSQL); only numbers found stored go through the merge. One
 * comma-separated text, not a row per number: a re-import of stored contacts made a row object
 * per number of every batch, enough garbage to grow the embedded server's heap.
 */
export const EXISTING_PHONES_SQL = `select string_agg(phone, ',') as phones from contacts where phone = any($1::text[])`;

/** Skip: brings back the contacts in the trash among a batch's numbers, as they were (decision 087); answers how many. */
export const RESTORE_TRASHED_SQL = `with restored as (
  update contacts set deleted_at = null, deleted_by = null, updated_at = now() where phone = any($1::text[]) and deleted_at is not null returning 1)
  select count(*)::int as n from restored`;

/**
 * The rows the merge reads live in a temporary table of this connection, emptied at every commit
 * and without indexes (a shared table emptied with DELETE after each batch left dead index
 * entries that every later batch had to step over).
 */
export const CREATE_BATCH_TABLE_SQL = `create temp table if not exists import_batch (
  phone text not null, first_name text, last_name text, email text, tag1 text, tag2 text, tag3 text, custom_fields jsonb not null,
  notes text, status text, id uuid not null, source text not null, import_id uuid, created_by uuid) on commit delete rows`;

/**
 * Reads whether cancelling was asked, at the start of a batch's transaction. Not a row lock: on
 * PostgreSQL two batches are written at once, and both add their counts to this row at the end
 * (ADD_COUNTS_SQL); a batch that saw no cancel is written whole, one that saw it writes nothing.
 */
export const READ_CANCEL_SQL = 'select cancel_requested from imports where id = $1';

const FIELDS = ['first_name', 'last_name', 'email', 'tag1', 'tag2', 'tag3'] as const;

/**
 * The set-based merge of the batch table into contacts, answering { created, updated }:
 * - skip: existing numbers are left alone (DO NOTHING);
 * - fill: only empty fields of existing contacts are filled; custom fields: existing keys win;
 * - overwrite: mapped values replace stored ones; an empty cell never erases a stored value.
 * With notes and status mapped (`statusAndNotes`), notes merge like the other fields, and a row
 * marked opted out opts its contact out under fill and overwrite; an import never opts anyone
 * back in (consent is the contact's, or a recorded note's). An existing contact whose values
 * would not change is not rewritten and counts as a duplicate. `xmax = 0` in RETURNING tells a
 * fresh insert from an update. A contact in the trash with a row's number comes back (decision
 * 087), merged by the same rule, and counts as updated.
 */
export function mergeStagingSql(onDuplicate: OnDuplicate, statusAndNotes = false): string {
  const columns = copyColumns(statusAndNotes);
  const insert = `insert into contacts (${columns}) select ${columns} from import_batch order by phone`;
  let conflict: string;
  if (onDuplicate === 'skip')
    conflict =
      'on conflict (phone) do update set deleted_at = null, deleted_by = null, updated_at = now() where contacts.deleted_at is not null';
  else {
    const fields: string[] = statusAndNotes ? [...FIELDS, 'notes'] : [...FIELDS];
    const value = (field: string) =>
      onDuplicate === 'fill'
        ? `coalesce(nullif(contacts.${field}, ''), excluded.${field})`
        : `coalesce(excluded.${field}, contacts.${field})`;
    const custom =
      onDuplicate === 'fill' ? 'excluded.custom_fields || contacts.custom_fields' : 'contacts.custom_fields || excluded.custom_fields';
    const sets = [...fields.map((field) => `${field} = ${value(field)}`), `custom_fields = ${custom}`];
    const next = [...fields.map(value), custom];
    const current = [...fields.map((field) => `contacts.${field}`), 'contacts.custom_fields'];
    if (statusAndNotes) {
      const status = `case when excluded.status = 'opted_out' then 'opted_out' else contacts.status end`;
      sets.push(`status = ${status}`);
      next.push(status);
      current.push('contacts.status');
    }
    conflict = `on conflict (phone) do update set ${sets.join(', ')}, deleted_at = null, deleted_by = null, updated_at = now()
      where (${next.join(', ')}) is distinct from (${current.join(', ')}) or contacts.deleted_at is not null`;
  }
  return `with merged as (${insert} ${conflict} returning (xmax = 0) as inserted)
    select (count(*) filter (where inserted))::int as created, (count(*) filter (where not inserted))::int as updated from merged`;
}

/** Records rejected rows from parallel arrays. */
export const INSERT_REJECTIONS_SQL = `insert into import_rejections (import_id, row_number, raw, reason)
  select $1, * from unnest($2::int[], $3::text[], $4::text[]) on conflict do nothing`;

/** Adds a batch's counts to the import and moves its progress (and the numbers it read as international, with examples). */
export const ADD_COUNTS_SQL = `update imports set rows_read = rows_read + $2, created = created + $3, updated = updated + $4,
  duplicates = duplicates + $5, rejected = rejected + $6, bytes_read = greatest(bytes_read, $7),
  read_as_international = read_as_international + $8, international_examples = international_examples || $9::jsonb where id = $1`;
