import { IMPORT_MESSAGES, type ImportMapping } from '@sms/contracts/imports';
import { normalisePhone } from '@sms/contracts/phone';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Jobs, JobsLogger } from '../../platform/jobs.ts';
import { openBatchWriter, type Batch, type BatchResult, type BatchWriter } from './batch-writer.ts';
import { materialise, removeTemp, storedFile } from './file-store.ts';
import { failInterruptedImports, finishImport, updateImport, type ImportRow } from './imports.queries.ts';
import type { StoredOptions } from './imports.presenter.ts';
import type { ImportLimits } from './limits.ts';
import { PhoneSet } from './phone-set.ts';
import { maxRowChars } from './preview.ts';
import { openCsv, rawLine } from './readers/csv-reader.ts';
import { ImportFileError, isRowProblem, type TableReader } from './readers/types.ts';
import { inspectXlsx, openXlsx } from './readers/xlsx-reader.ts';
import { createRowNormaliser } from './row-normaliser.ts';
import type { Delimiter, TextEncodingName } from './sniff.ts';

/** The pg-boss queue of import jobs. */
export const IMPORT_QUEUE = 'contacts-import';

export interface ImportJobDeps {
  database: Database;
  limits: ImportLimits;
  logger: JobsLogger;
  /** Rows per batch (one transaction each). */
  batchRows?: number;
}

const UNEXPECTED = 'The import stopped because of an unexpected error; the rows counted so far are saved';

const newBatch = (): Batch => ({ rowNumbers: [], contacts: [], rejections: { rowNumbers: [], raws: [], reasons: [] }, rowsRead: 0, inFileDuplicates: 0, bytesRead: 0 });

/** Opens the import's file as a table: CSV streamed from its chunks, XLSX via a checked temp copy. */
async function openTable(deps: ImportJobDeps, row: ImportRow, temp: { path?: string }): Promise<TableReader> {
  const { db } = deps.database;
  if (row.format === 'csv') {
    return openCsv(storedFile(db, row.id, row.fileSize), (row.encoding ?? 'utf-8') as TextEncodingName, { delimiter: (row.delimiter ?? ',') as Delimiter, maxRowChars: maxRowChars(deps.limits) });
  }
  temp.path = await materialise(db, row.id, row.fileSize);
  const info = await inspectXlsx(temp.path, row.fileSize, deps.limits);
  const sheet = row.sheet ? info.sheets.find((candidate) => candidate.name === row.sheet) : info.sheets[0];
  if (!sheet) throw new ImportFileError(422, `The workbook has no sheet named "${row.sheet}"`);
  return openXlsx(temp.path, row.fileSize, sheet);
}

/**
 * Runs one import: reads the file as a stream, normalises and dedupes rows (the first occurrence
 * of a number in the file wins; later ones count as duplicates), and writes batches, each in one
 * transaction with its counters and rejections. The next batch is prepared while the previous one
 * is written. Cancelling is seen at the start of a batch's transaction: that batch is not written.
 * The counters therefore always add up: created + updated + duplicates + rejected = rows read.
 */
export async function runImport(deps: ImportJobDeps, importId: string): Promise<void> {
  const { db } = deps.database;
  const claimed = await updateImport(db, importId, { status: 'running', startedAt: new Date() }, ['queued']);
  if (!claimed) return;
  const batchRows = deps.batchRows ?? 20_000;
  const temp: { path?: string } = {};
  let reader: TableReader | undefined;
  let writer: BatchWriter | undefined;
  let inflight: Promise<BatchResult> | undefined;
  let outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string | null } = { status: 'completed', message: null };
  try {
    reader = await openTable(deps, claimed, temp);
    if (reader.header.length === 0) throw new ImportFileError(422, IMPORT_MESSAGES.noDataRows);
    if (reader.header.length > deps.limits.maxColumns) throw new ImportFileError(422, `The file has ${reader.header.length} columns; at most ${deps.limits.maxColumns} are allowed`);
    const options = (claimed.options ?? {}) as StoredOptions;
    const normalise = createRowNormaliser({
      mapping: (claimed.mapping ?? {}) as ImportMapping,
      defaultCountry: options.defaultCountry ?? undefined,
      tag: options.tag ?? undefined,
      maxColumns: deps.limits.maxColumns,
      maxCellLength: deps.limits.maxCellLength,
      normalisePhone,
    });
    const delimiter = claimed.delimiter ?? ',';
    writer = await openBatchWriter(deps.database, { importId, createdBy: claimed.createdBy, onDuplicate: options.onDuplicate ?? 'skip' });
    const seen = new PhoneSet();
    let batch = newBatch();
    let rowsSeen = 0;
    let cancelled = false;
    // Hands the batch to the writer once the previous one is written (one batch in flight).
    const flush = async () => {
      if (inflight) {
        const previous = await inflight;
        inflight = undefined;
        if (previous.cancelled) {
          cancelled = true;
          return;
        }
      }
      inflight = writer!.write(batch);
      // Handled when awaited; this only keeps an early failure from counting as unhandled.
      inflight.catch(() => {});
      batch = newBatch();
      // Let queued API requests (progress polls, cancel) have the database between batches: on
      // PGlite they share the job's single connection.
      await new Promise((resolve) => setImmediate(resolve));
    };

    reading: for await (const chunk of reader.chunks) {
      const bytesRead = Math.round(chunk.progress * claimed.fileSize);
      for (let index = 0; index < chunk.rows.length; index++) {
        const row = chunk.rows[index]!;
        if (row === null) continue;
        if (++rowsSeen > deps.limits.maxRows) {
          outcome = { status: 'failed', message: `The file has more than ${deps.limits.maxRows.toLocaleString('en-US')} rows; split it into smaller files (the first ${deps.limits.maxRows.toLocaleString('en-US')} rows were imported)` };
          break reading;
        }
        const rowNumber = chunk.firstRowNumber + index;
        batch.rowsRead++;
        const staged = isRowProblem(row) ? row.problem : normalise(row);
        if (typeof staged === 'string') {
          batch.rejections.rowNumbers.push(rowNumber);
          batch.rejections.raws.push(isRowProblem(row) ? row.raw : rawLine(row, delimiter));
          batch.rejections.reasons.push(staged);
        } else if (!seen.add(staged[0])) {
          batch.inFileDuplicates++;
        } else {
          batch.contacts.push(staged);
          batch.rowNumbers.push(rowNumber);
        }
        if (batch.rowsRead >= batchRows) {
          batch.bytesRead = bytesRead;
          await flush();
          if (cancelled) break reading;
        }
      }
      batch.bytesRead = bytesRead;
    }
    if (!cancelled && batch.rowsRead > 0) await flush();
    if (!cancelled && inflight) cancelled = (await inflight).cancelled;
    inflight = undefined;
    if (cancelled) outcome = { status: 'cancelled', message: null };
    else if (outcome.status === 'completed' && rowsSeen === 0) outcome = { status: 'failed', message: IMPORT_MESSAGES.noDataRows };
  } catch (error) {
    if (inflight) await inflight.catch(() => {});
    if (error instanceof ImportFileError) outcome = { status: 'failed', message: error.message };
    else {
      deps.logger.error({ err: error, importId }, 'import failed');
      outcome = { status: 'failed', message: UNEXPECTED };
    }
  } finally {
    await reader?.close().catch(() => {});
    await writer?.close().catch(() => {});
    await removeTemp(temp.path).catch(() => {});
  }
  await db.transaction(async (tx) => {
    const finished = await finishImport(tx, importId, outcome.status, outcome.message);
    if (!finished) return;
    const [actor] = finished.createdBy ? await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, finished.createdBy)) : [];
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

/** Queues the job of an import (the import row is already 'queued'). */
export async function enqueueImport(jobs: Jobs, importId: string): Promise<void> {
  await ensureQueue(jobs);
  await jobs.boss.send(IMPORT_QUEUE, { importId }, { singletonKey: importId });
}

/** Starts running import jobs in this process (embedded server, worker processes, tests). */
export async function startImportWorker(jobs: Jobs, deps: ImportJobDeps, options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await ensureQueue(jobs);
  if (deps.database.driver === 'pglite') {
    // One process owns an embedded database: an import still 'running' at start was cut short by
    // a stop or crash (its job is not retried). Its committed batches stay; its counts add up.
    await failInterruptedImports(deps.database.db, 'The server stopped during this import; the rows counted so far are saved');
  }
  await jobs.boss.work<{ importId: string }>(IMPORT_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 }, async ([job]) => {
    if (job) await runImport(deps, job.data.importId);
  });
}
