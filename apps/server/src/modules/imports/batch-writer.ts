import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { OnDuplicate } from '@sms/contracts/imports';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import { ADD_COUNTS_SQL, CREATE_BATCH_TABLE_SQL, INSERT_REJECTIONS_SQL, mergeStagingSql, READ_CANCEL_SQL, STAGING_COLUMNS } from './imports.queries.ts';
import type { StagedText } from './staged-rows.ts';

/** One batch of an import, ready to write: staged contacts, rejections and the other counts (plain data). */
export interface Batch {
  /** Contacts new to this import (first occurrence of their number in the file), as COPY text. */
  staged: StagedText;
  rejections: { rowNumbers: number[]; raws: string[]; reasons: string[] };
  rowsRead: number;
  /** Rows whose phone appeared earlier in the file (first wins). */
  inFileDuplicates: number;
  bytesRead: number;
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
  createdBy: string | null;
  onDuplicate: OnDuplicate;
}

const emptyResult = (cancelled: boolean): BatchResult => ({ cancelled, created: 0, updated: 0, duplicates: 0 });

type Run = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Whether cancelling was asked (or the import is gone), read at the start of a batch's transaction. */
async function cancelAsked(run: Run, importId: string): Promise<boolean> {
  const state = (await run(READ_CANCEL_SQL, [importId])).rows[0] as { cancel_requested: boolean } | undefined;
  return !state || state.cancel_requested;
}

/** The statements of a batch after the staged rows are loaded; shared by both drivers. */
async function mergeAndCount(run: Run, context: WriterContext, batch: Batch): Promise<BatchResult> {
  let created = 0;
  let updated = 0;
  if (batch.staged.count) {
    const result = (await run(mergeStagingSql(context.onDuplicate), [context.importId, context.createdBy])).rows[0] as { created: number; updated: number };
    created = result.created;
    updated = result.updated;
  }
  if (batch.rejections.rowNumbers.length) {
    await run(INSERT_REJECTIONS_SQL, [context.importId, batch.rejections.rowNumbers, batch.rejections.raws, batch.rejections.reasons]);
  }
  const duplicates = batch.inFileDuplicates + batch.staged.count - created - updated;
  await run(ADD_COUNTS_SQL, [context.importId, batch.rowsRead, created, updated, duplicates, batch.rejections.rowNumbers.length, batch.bytesRead]);
  return { cancelled: false, created, updated, duplicates };
}

/**
 * PostgreSQL connections (each with its temporary batch table) writing batches side by side. The
 * merge is mostly index maintenance on contacts in the database process: one connection kept one
 * CPU busy while the job's thread waited (1M-row CSV: job 20 s with one, 15-18 s with two, on
 * 2 CPUs). Batches never share a number (the file is deduped before batching), so they do not
 * wait on each other's rows.
 */
const POSTGRES_WRITERS = 2;

/** One pooled client and its temporary batch table; staged rows go in with COPY. */
async function postgresConnection(pool: pg.Pool, context: WriterContext): Promise<{ write: (batch: Batch) => Promise<BatchResult>; release: () => void }> {
  const client = await pool.connect();
  try {
    await client.query(CREATE_BATCH_TABLE_SQL);
  } catch (error) {
    client.release();
    throw error;
  }
  const run: Run = (text, params) => client.query(text, params as unknown[]);
  return {
    write: async (batch) => {
      await client.query('begin');
      try {
        if (await cancelAsked(run, context.importId)) {
          await client.query('rollback');
          return emptyResult(true);
        }
        if (batch.staged.count) {
          const copy = client.query(copyFrom(`copy import_batch (${STAGING_COLUMNS}) from stdin`));
          await pipeline(Readable.from([batch.staged.text]), copy);
        }
        const result = await mergeAndCount(run, context, batch);
        await client.query('commit');
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
  try {
    for (let index = 0; index < POSTGRES_WRITERS; index++) connections.push(await postgresConnection(pool, context));
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

/** PGlite: each batch in PGlite's transaction; staged rows go in with COPY from a Blob. */
async function pgliteWriter(pglite: PGlite, context: WriterContext): Promise<BatchWriter> {
  await pglite.query(CREATE_BATCH_TABLE_SQL);
  return {
    // One connection: PGlite runs statements one at a time.
    parallel: 1,
    write: (batch) =>
      pglite.transaction(async (tx) => {
        const run: Run = (text, params) => tx.query(text, params as unknown[]);
        if (await cancelAsked(run, context.importId)) return emptyResult(true);
        if (batch.staged.count) {
          await tx.query(`copy import_batch (${STAGING_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([batch.staged.text]) });
        }
        return mergeAndCount(run, context, batch);
      }),
    close: async () => {},
  };
}

/** The batch writer for the database in use. */
export async function openBatchWriter(database: Database, context: WriterContext): Promise<BatchWriter> {
  if (database.jobsTarget.kind === 'pglite') return pgliteWriter(database.jobsTarget.pglite, context);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return postgresWriter(pool, context);
}
