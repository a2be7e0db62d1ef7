import type { ImportMapping } from '@sms/contracts/imports';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit.ts';
import { collectGarbageNow } from '../../platform/full-gc.ts';
import type { Jobs, JobsLogger } from '../../platform/jobs.ts';
import type { BuildOptions } from './write/batch-builder.ts';
import { openBatchWriter, type BatchResult, type BatchWriter } from './write/batch-writer.ts';
import {
  analyzeContacts,
  deleteAllFileChunks,
  failInterruptedImports,
  finishImport,
  listImportsAwaitingFile,
  updateImport,
  type ImportRow,
} from './imports.queries.ts';
import type { StoredOptions } from './stored-options.ts';
import type { ImportLimits } from './limits.ts';
import { maxRowChars } from './read/preview.ts';
import { ImportFileError } from './read/table-reader.ts';
import { openCsv } from './read/csv-reader.ts';
import { inspectXlsx, openXlsx } from './read/xlsx-reader.ts';
import { hasStatusOrNotes } from './write/row-normaliser.ts';
import { readRowsHere, readRowsInWorker, type RowSource } from './write/row-source.ts';
import type { Delimiter, TextEncodingName } from './read/sniff.ts';
import { startUploadExpiry } from './upload/upload-expiry.ts';
import { importSuppression } from '../../platform/suppression.ts';
import type { LocalFile, UploadStore } from './upload/upload-store.ts';
import { recordImportRows } from '../../platform/metrics.ts';

/** The pg-boss queue of import jobs. */
export const IMPORT_QUEUE = 'contacts-import';

export interface ImportJobDeps {
  database: Database;
  limits: ImportLimits;
  logger: JobsLogger;
  /** Where uploads are kept (the same store as the API's). */
  uploads: UploadStore;
  /** Rows per batch (one transaction each); by default BATCH_ROWS for the database in use. */
  batchRows?: number;
}

/**
 * Rows per batch. PostgreSQL: 20,000 (fewer statements per row; memory is not the limit there).
 * PGlite: 5,000, since every batch in flight is held several times over in this one process (the
 * reading thread's text, its copy in this thread, the COPY blob and PGlite's copy of it): 20,000
 * raised the peak memory of a large import, and no time was gained.
 */
const BATCH_ROWS = { postgres: 20_000, pglite: 5_000 } as const;

/** An import that created or updated at least this many contacts refreshes their planner statistics. */
const ANALYZE_AFTER_ROWS = 1000;

const UNEXPECTED = 'The import stopped because of an unexpected error; the rows counted so far are saved';

/**
 * Opens the import's rows as batches: CSV as a stream of the stored file, XLSX from a checked local
 * file. On PGlite they are read in a worker thread, which opens the stored file itself.
 */
async function openSource(deps: ImportJobDeps, row: ImportRow, local: { file?: LocalFile }): Promise<RowSource> {
  const options = (row.options ?? {}) as StoredOptions;
  const build: BuildOptions = {
    origin: { importId: row.id, createdBy: row.createdBy, statusAndNotes: hasStatusOrNotes((row.mapping ?? {}) as ImportMapping) },
    fileSize: row.fileSize,
    delimiter: row.delimiter ?? ',',
    mapping: (row.mapping ?? {}) as ImportMapping,
    defaultCountry: options.defaultCountry ?? undefined,
    tag: options.tag ?? undefined,
    maxRows: deps.limits.maxRows,
    maxColumns: deps.limits.maxColumns,
    maxCellLength: deps.limits.maxCellLength,
    batchRows: deps.batchRows ?? BATCH_ROWS[deps.database.driver],
    suppressed: await importSuppression(deps.database.db),
  };
  const inWorker = deps.database.driver === 'pglite';
  if (row.format === 'csv') {
    const csv = {
      encoding: (row.encoding ?? 'utf-8') as TextEncodingName,
      delimiter: (row.delimiter ?? ',') as Delimiter,
      maxRowChars: maxRowChars(deps.limits),
    };
    const path = deps.uploads.pathOf(row.id);
    if (inWorker && path) return readRowsInWorker({ build, csv: { ...csv, path } });
    return readRowsHere(await openCsv(deps.uploads.read(row.id, row.fileSize), csv.encoding, csv), build);
  }
  const file = (local.file = await deps.uploads.localFile(row.id, row.fileSize));
  const info = await inspectXlsx(file.path, row.fileSize, deps.limits);
  const sheet = row.sheet ? info.sheets.find((candidate) => candidate.name === row.sheet) : info.sheets[0];
  if (!sheet) throw new ImportFileError(422, `The workbook has no sheet named "${row.sheet}"`);
  return inWorker ? readRowsInWorker({ build, xlsx: { path: file.path, sheet } }) : readRowsHere(await openXlsx(file.path, sheet), build);
}

/**
 * Runs one import: reads the file as a stream (in a worker thread on PGlite), normalises and
 * dedupes rows (the first occurrence of a number in the file wins; later ones count as
 * duplicates) into batches, and writes each in one transaction with its counters and rejections.
 * The next batches are prepared while earlier ones are written (on PostgreSQL two at a time).
 * Cancelling is seen at the start of a batch's transaction: that batch is not written. The
 * counters therefore always add up: created + updated + duplicates + rejected = rows read.
 */
export async function runImport(deps: ImportJobDeps, importId: string): Promise<void> {
  const { db } = deps.database;
  const claimed = await updateImport(db, importId, { status: 'running', startedAt: new Date() }, ['queued']);
  if (!claimed) return;
  const local: { file?: LocalFile } = {};
  let source: RowSource | undefined;
  let writer: BatchWriter | undefined;
  // Batches being written, oldest first (at most writer.parallel).
  const inflight: Array<Promise<BatchResult>> = [];
  let outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string | null } = { status: 'completed', message: null };
  // Contacts created or updated by the batches written so far.
  let changed = 0;
  try {
    source = await openSource(deps, claimed, local);
    const options = (claimed.options ?? {}) as StoredOptions;
    writer = await openBatchWriter(deps.database, {
      importId,
      onDuplicate: options.onDuplicate ?? 'skip',
      statusAndNotes: hasStatusOrNotes((claimed.mapping ?? {}) as ImportMapping),
    });
    // Waits for the oldest batch in flight; true when it found the import cancelled.
    const settleOldest = async () => {
      const previous = await inflight.shift()!;
      changed += previous.created + previous.updated;
      recordImportRows(previous);
      return previous.cancelled;
    };
    let cancelled = false;
    for (;;) {
      const next = await source.next();
      if (next.done) {
        if (next.value.failure) outcome = { status: 'failed', message: next.value.failure };
        break;
      }
      while (!cancelled && inflight.length >= writer.parallel) cancelled = await settleOldest();
      if (cancelled) break;
      const batch = next.value;
      const written = writer.write(batch).then((result) => {
        source?.release(batch);
        return result;
      });
      // Handled when awaited; this only keeps an early failure from counting as unhandled.
      written.catch(() => {});
      inflight.push(written);
      // Let queued API requests (progress polls, cancel) have the database between batches: on
      // PGlite they share the job's single connection.
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (inflight.length) cancelled = (await settleOldest()) || cancelled;
    if (cancelled) outcome = { status: 'cancelled', message: null };
  } catch (error) {
    await Promise.allSettled(inflight);
    if (error instanceof ImportFileError) outcome = { status: 'failed', message: error.message };
    else {
      deps.logger.error({ err: error, importId }, 'import failed');
      outcome = { status: 'failed', message: UNEXPECTED };
    }
  } finally {
    await source?.close().catch(() => {});
    await writer?.close().catch(() => {});
    await local.file?.release().catch(() => {});
  }
  // Planner statistics of a table that just grew a lot are stale until autovacuum gets to it
  // (a minute or more): meanwhile the contacts list may pick a plan that sorts every match, far
  // slower for a page of a broad filter over many contacts.
  if (changed >= ANALYZE_AFTER_ROWS)
    await analyzeContacts(db).catch((error: unknown) => deps.logger.error({ err: error, importId }, 'analyze after import failed'));
  // The history keeps the counts and the error file: the upload is not needed any more. Removed
  // before the import shows as finished, so a finished import never still holds its file.
  await deps.uploads
    .remove(importId)
    .catch((error: unknown) => deps.logger.error({ err: error, importId }, 'removing the uploaded file failed'));
  await db.transaction(async (tx) => {
    const finished = await finishImport(tx, importId, outcome.status, outcome.message);
    if (!finished) return;
    const [actor] = finished.createdBy
      ? await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, finished.createdBy))
      : [];
    await recordAudit(tx, {
      actor: actor ?? null,
      action: 'contacts.import',
      subject: 'Import',
      subjectId: importId,
      details: {
        status: finished.status,
        fileName: finished.fileName,
        rowsRead: finished.rowsRead,
        created: finished.created,
        updated: finished.updated,
        duplicates: finished.duplicates,
        rejected: finished.rejected,
        ...(finished.errorMessage ? { errorMessage: finished.errorMessage } : {}),
      },
    });
  });
  // The embedded server shares one process with its database: give the import's garbage back now
  // (a smaller resting size, and a lower peak for the next import).
  if (deps.database.driver === 'pglite') collectGarbageNow();
}

/**
 * Embedded start-up: deletes the files of imports that ended while the file could not be removed
 * (a stop or crash) and any stray file, and fails the imports not started yet whose file is gone
 * (or was stored in the database by an earlier version), so none waits for a file forever.
 */
async function reconcileEmbeddedUploads(deps: ImportJobDeps): Promise<void> {
  const { db } = deps.database;
  const awaiting = await listImportsAwaitingFile(db);
  await deps.uploads.removeAllBut(new Set(awaiting));
  for (const id of awaiting) {
    if (!(await deps.uploads.has(id)))
      await updateImport(db, id, { status: 'failed', errorMessage: 'The uploaded file is gone; upload it again', finishedAt: new Date() }, [
        'uploaded',
        'queued',
      ]);
  }
  await deleteAllFileChunks(db);
}

// Per job runner (tests run several servers in one process, each on its own database).
const queuesReady = new WeakMap<Jobs, Promise<void>>();
/** Creates the queue once per runner: no retries (a re-run would double-count), long expiry. */
function ensureQueue(jobs: Jobs): Promise<void> {
  let ready = queuesReady.get(jobs);
  if (!ready) {
    ready = jobs.boss.createQueue(IMPORT_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
    ready.catch(() => queuesReady.delete(jobs));
    queuesReady.set(jobs, ready);
  }
  return ready;
}

// The import worker running in this process, per runner (none in an API-only process).
const localWorkers = new WeakMap<Jobs, string>();

/**
 * Queues the job of an import (the import row is already 'queued'), and wakes this process's
 * import worker, if it has one, instead of leaving the job to its next poll (up to a second).
 */
export async function enqueueImport(jobs: Jobs, importId: string): Promise<void> {
  await ensureQueue(jobs);
  await jobs.boss.send(IMPORT_QUEUE, { importId }, { singletonKey: importId });
  const worker = localWorkers.get(jobs);
  if (worker) jobs.boss.notifyWorker(worker);
}

/**
 * Starts running import jobs in this process (embedded server, worker processes, tests), and the
 * sweep that expires uploads never started; `expireUploadsNow` runs that sweep at once.
 */
export async function startImportWorker(
  jobs: Jobs,
  deps: ImportJobDeps,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<{ expireUploadsNow: () => Promise<void> }> {
  await ensureQueue(jobs);
  if (deps.database.driver === 'pglite') {
    // One process owns an embedded database: an import still 'running' at start was cut short by
    // a stop or crash (its job is not retried). Its committed batches stay; its counts add up.
    await failInterruptedImports(deps.database.db, 'The server stopped during this import; the rows counted so far are saved');
    await reconcileEmbeddedUploads(deps);
  }
  const worker = await jobs.boss.work<{ importId: string }>(
    IMPORT_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
    async ([job]) => {
      if (job) await runImport(deps, job.data.importId);
    },
  );
  localWorkers.set(jobs, worker);
  const expiry = await startUploadExpiry(jobs, { db: deps.database.db, uploads: deps.uploads, logger: deps.logger });
  return { expireUploadsNow: expiry.wake };
}
