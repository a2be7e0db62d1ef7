import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { InternationalExample, OnDuplicate } from '@sms/contracts/imports';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../../db/client.ts';
import {
  ADD_COUNTS_SQL,
  copyBatchSql,
  copyColumns,
  copyContactsSql,
  CREATE_BATCH_TABLE_SQL,
  STAMP_IMPORT_OPT_OUTS_SQL,
  EXISTING_PHONES_SQL,
  INSERT_REJECTIONS_SQL,
  mergeStagingSql,
  READ_CANCEL_SQL,
  RESTORE_TRASHED_SQL,
  type CopySource,
} from '../imports.queries.ts';
import { exactBuffer } from './batch-bytes.ts';
import { PhoneSet } from './phone-set.ts';
import { splitStaged, type StagedBytes, type StagedText } from './staged-rows.ts';

/** One batch of an import, ready to write: staged contacts, rejections and the other counts (plain data). */
export interface Batch {
  /** Contacts new to this import (first occurrence of their number in the file), as COPY lines. */
  staged: StagedText;
  rejections: { rowNumbers: number[]; raws: string[]; reasons: string[] };
  rowsRead: number;
  /** Rows whose phone appeared earlier in the file (first wins). */
  inFileDuplicates: number;
  bytesRead: number;
  /** Numbers read as international although a default country was set, and the first few of the import (in its first batches). */
  readAsInternational: number;
  internationalExamples: InternationalExample[];
}

export interface BatchResult {
  /** Cancelling was asked before this batch: nothing of it was written. */
  cancelled: boolean;
  created: number;
  updated: number;
  duplicates: number;
}

/** Writes batches of one import, each in one transaction: all of it or none of it. */
export interface BatchWriter {
  /** How many batches may be written at once (one write per connection). */
  parallel: number;
  write(batch: Batch): Promise<BatchResult>;
  close(): Promise<void>;
}

export interface WriterContext {
  importId: string;
  onDuplicate: OnDuplicate;
  /** The import maps notes or status (its COPY lines carry them; see StagedRows). */
  statusAndNotes?: boolean;
}

/** One connection inside a batch's transaction, whichever the driver. */
interface Session {
  run(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs a COPY ... FROM built for this driver's source with `bytes` as its data. */
  copy(sql: (source: CopySource) => string, bytes: Uint8Array<ArrayBuffer>): Promise<void>;
  /** The connection's set for telling stored numbers apart, reused by every batch. */
  stored: PhoneSet;
}

const emptyResult = (cancelled: boolean): BatchResult => ({ cancelled, created: 0, updated: 0, duplicates: 0 });

/** Whether cancelling was asked (or the import is gone), read at the start of a batch's transaction. */
async function cancelAsked(session: Session, importId: string): Promise<boolean> {
  const state = (await session.run(READ_CANCEL_SQL, [importId])).rows[0] as { cancel_requested: boolean } | undefined;
  return !state || state.cancel_requested;
}

const UNIQUE_VIOLATION = '23505';

/** What an import's batches learn as they are written (shared by its writer connections). */
interface ImportState {
  /** A batch found stored numbers: the batches after it ask which numbers are stored first. */
  askFirst: boolean;
}

/** COPYs contacts straight into contacts under a savepoint; false (and nothing written) when one of their numbers is stored. */
async function copyNew(session: Session, context: WriterContext, part: StagedBytes): Promise<boolean> {
  await session.run('savepoint import_copy');
  try {
    await session.copy((source) => copyContactsSql(source, copyColumns(context.statusAndNotes === true)), part.bytes);
    await session.run('release savepoint import_copy');
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await session.run('rollback to savepoint import_copy');
    return false;
  }
}

/**
 * Stores a batch's contacts. Until a batch meets a stored number, each is COPYed straight into
 * contacts whole: the existence check cost a good share of the database's CPU for an import of
 * new contacts. Once one is met (that batch's COPY fails, and is undone to its
 * savepoint: at most one batch of work lost per import), every batch asks which of its numbers
 * are stored; new ones are copied, stored ones left alone (skip) or merged (fill, overwrite). A
 * number stored by someone else between the check and the copy (another process on PostgreSQL)
 * fails that copy too: the new numbers then go through the merge, which settles every row.
 */
async function storeContacts(
  session: Session,
  context: WriterContext,
  state: ImportState,
  staged: StagedText,
): Promise<{ created: number; updated: number }> {
  if (!state.askFirst) {
    if (await copyNew(session, context, staged)) return { created: staged.count, updated: 0 };
    state.askFirst = true;
  }
  const found = ((await session.run(EXISTING_PHONES_SQL, [staged.phones])).rows[0] as { phones: string | null } | undefined)?.phones;
  const merging = context.onDuplicate !== 'skip';
  const { fresh, known } = found ? splitStaged(staged, found, session.stored, merging) : { fresh: staged, known: undefined };
  // Skip: stored numbers stay as they are, and count as duplicates; those in the trash come back
  // as they were (decision 087), and count as updated.
  const restored =
    !merging && found ? (((await session.run(RESTORE_TRASHED_SQL, [staged.phones])).rows[0] as { n: number } | undefined)?.n ?? 0) : 0;
  const toMerge: StagedBytes[] = merging && known?.count ? [known] : [];
  let created = 0;
  if (fresh.count) {
    if (await copyNew(session, context, fresh)) created = fresh.count;
    else toMerge.push(fresh);
  }
  if (toMerge.length === 0) return { created, updated: restored };
  for (const part of toMerge)
    await session.copy((source) => copyBatchSql(source, copyColumns(context.statusAndNotes === true)), part.bytes);
  const merged = (await session.run(mergeStagingSql(context.onDuplicate, context.statusAndNotes === true))).rows[0] as {
    created: number;
    updated: number;
  };
  return { created: created + merged.created, updated: restored + merged.updated };
}

/** A batch's statements inside its transaction; shared by both drivers. */
async function writeBatch(session: Session, context: WriterContext, state: ImportState, batch: Batch): Promise<BatchResult> {
  if (await cancelAsked(session, context.importId)) return emptyResult(true);
  const { created, updated } = batch.staged.count ? await storeContacts(session, context, state, batch.staged) : { created: 0, updated: 0 };
  if (batch.staged.optedOut) await session.run(STAMP_IMPORT_OPT_OUTS_SQL, [batch.staged.optedOut]);
  if (batch.rejections.rowNumbers.length) {
    await session.run(INSERT_REJECTIONS_SQL, [
      context.importId,
      batch.rejections.rowNumbers,
      batch.rejections.raws,
      batch.rejections.reasons,
    ]);
  }
  const duplicates = batch.inFileDuplicates + batch.staged.count - created - updated;
  await session.run(ADD_COUNTS_SQL, [
    context.importId,
    batch.rowsRead,
    created,
    updated,
    duplicates,
    batch.rejections.rowNumbers.length,
    batch.bytesRead,
    batch.readAsInternational,
    JSON.stringify(batch.internationalExamples),
  ]);
  return { cancelled: false, created, updated, duplicates };
}

/**
 * PostgreSQL connections (each with its temporary batch table) writing batches side by side. The
 * writes are mostly index maintenance on contacts in the database process: one connection kept
 * one CPU busy while the job's thread waited, and two finish a large import sooner even on two
 * CPUs. Batches never share a number (the file is deduped before batching), so they do not
 * wait on each other's rows.
 */
const POSTGRES_WRITERS = 2;

/** One pooled client and its temporary batch table; staged rows go in with COPY FROM STDIN. */
async function postgresConnection(
  pool: pg.Pool,
  context: WriterContext,
  state: ImportState,
): Promise<{ write: (batch: Batch) => Promise<BatchResult>; release: () => void }> {
  const client = await pool.connect();
  try {
    await client.query(CREATE_BATCH_TABLE_SQL);
  } catch (error) {
    client.release();
    throw error;
  }
  const session: Session = {
    stored: new PhoneSet(),
    run: (text, params) => client.query(text, params as unknown[]),
    copy: async (sql, bytes) => {
      await pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), client.query(copyFrom(sql('stdin'))));
    },
  };
  return {
    write: async (batch) => {
      await client.query('begin');
      try {
        const result = await writeBatch(session, context, state, batch);
        await client.query(result.cancelled ? 'rollback' : 'commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
    release: () => client.release(),
  };
}

/** PostgreSQL: POSTGRES_WRITERS connections; a batch goes to whichever is free (the job never sends more). */
async function postgresWriter(pool: pg.Pool, context: WriterContext): Promise<BatchWriter> {
  const connections: Array<Awaited<ReturnType<typeof postgresConnection>>> = [];
  const state: ImportState = { askFirst: false };
  try {
    for (let index = 0; index < POSTGRES_WRITERS; index++) connections.push(await postgresConnection(pool, context, state));
  } catch (error) {
    for (const connection of connections) connection.release();
    throw error;
  }
  const free = [...connections];
  return {
    parallel: connections.length,
    write: async (batch) => {
      const connection = free.pop();
      if (!connection) throw new Error('more batches in flight than writer connections');
      try {
        return await connection.write(batch);
      } finally {
        free.push(connection);
      }
    },
    close: async () => {
      for (const connection of connections) connection.release();
    },
  };
}

/**
 * A Blob over bytes already in hand. PGlite reads the Blob of a COPY with arrayBuffer() (0.5.x):
 * answering with the batch's own (pooled) buffer saves two ~1 MB copies per batch (a Blob's
 * storage and arrayBuffer()'s copy), which were still held at a large import's peak. Were a
 * later PGlite to read it another way, it would find an empty Blob and the COPY
 * would load no row: the import tests fail on their counts then.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(exactBuffer(this.#bytes));
  }
}

/** PGlite: each batch in PGlite's transaction; staged rows go in with COPY from a Blob. */
async function pgliteWriter(pglite: PGlite, context: WriterContext): Promise<BatchWriter> {
  await pglite.query(CREATE_BATCH_TABLE_SQL);
  const stored = new PhoneSet();
  const state: ImportState = { askFirst: false };
  return {
    // One connection: PGlite runs statements one at a time.
    parallel: 1,
    write: (batch) =>
      pglite.transaction((tx) =>
        writeBatch(
          {
            stored,
            run: (text, params) => tx.query(text, params as unknown[]),
            copy: async (sql, bytes) => {
              await tx.query(sql(`'/dev/blob'`), [], { blob: new BytesBlob(bytes) });
            },
          },
          context,
          state,
          batch,
        ),
      ),
    close: async () => {},
  };
}

/** The batch writer for the database in use. */
export async function openBatchWriter(database: Database, context: WriterContext): Promise<BatchWriter> {
  if (database.jobsTarget.kind === 'pglite') return pgliteWriter(database.jobsTarget.pglite, context);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return postgresWriter(pool, context);
}
