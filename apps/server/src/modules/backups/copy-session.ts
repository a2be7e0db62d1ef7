import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database, Db } from '../../db/client.ts';
import type { TableHeader } from './backup-format.ts';

/**
 * One transaction on either database, with COPY in and out. Backups read everything inside one
 * repeatable-read transaction (one snapshot: the tables agree with each other); restores write
 * everything inside one transaction (all or nothing).
 */
export interface CopySession {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs SQL text that may hold several statements (a migration file's part). */
  exec(text: string): Promise<void>;
  /** The same transaction as a drizzle handle, for the domain's own functions (the sending hold). */
  executor: Db;
  /** Streams a table's rows (those matching `where`, SQL, when given) as COPY text to `sink`, a bounded piece at a time. */
  copyOut(table: TableHeader, sink: (chunk: Buffer) => Promise<void>, where?: string): Promise<void>;
  /** Loads COPY text into a table; answers the number of rows. */
  copyIn(table: TableHeader, chunks: AsyncIterable<Buffer>): Promise<number>;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const columnList = (table: TableHeader) => table.columns.map(quoteIdent).join(', ');

/**
 * PGlite answers COPY TO with one Blob, so a table is read in slices of its heap pages (a TID
 * range scan): 1,024 pages of 8 KB, about 8 MB of rows per slice, never the whole table at once.
 */
const PAGES_PER_SLICE = 1024;
/** PGlite takes COPY FROM as one Blob: rows are loaded in pieces of about this many bytes. */
const LOAD_BYTES = 8 * 1024 * 1024;

const countLines = (chunk: Buffer) => {
  let lines = 0;
  for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  return lines;
};

function pgliteSession(tx: Transaction): CopySession {
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
    exec: async (text) => {
      await tx.exec(text);
    },
    // drizzle's PGlite driver only calls query(): the transaction answers it like the instance.
    executor: drizzlePglite({ client: tx as unknown as PGlite }) as unknown as Db,
    copyOut: async (table, sink, where) => {
      const target = quoteIdent(table.name);
      const [size] = (
        await tx.query<{ pages: number }>(
          `select ceil(pg_relation_size($1::regclass) / current_setting('block_size')::numeric)::int as pages`,
          [`public.${target}`],
        )
      ).rows;
      const pages = size?.pages ?? 0;
      for (let first = 0; first === 0 || first < pages; first += PAGES_PER_SLICE) {
        const last = first + PAGES_PER_SLICE;
        // The last slice is open-ended, so nothing past the size read above can be missed.
        const range = last >= pages ? `ctid >= '(${first},0)'::tid` : `ctid >= '(${first},0)'::tid and ctid < '(${last},0)'::tid`;
        const result = await tx.query(
          `copy (select ${columnList(table)} from ${target} where ${range}${where ? ` and (${where})` : ''}) to '/dev/blob'`,
        );
        if (result.blob && result.blob.size > 0) await sink(Buffer.from(await result.blob.arrayBuffer()));
      }
    },
    copyIn: async (table, chunks) => {
      const statement = `copy ${quoteIdent(table.name)} (${columnList(table)}) from '/dev/blob'`;
      let pending: Uint8Array<ArrayBuffer>[] = [];
      let pendingBytes = 0;
      let rows = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        await tx.query(statement, [], { blob: new Blob(pending) });
        pending = [];
        pendingBytes = 0;
      };
      for await (const chunk of chunks) {
        rows += countLines(chunk);
        // The reader reuses nothing, but copy anyway: a Blob must not see a buffer change later.
        pending.push(new Uint8Array(chunk));
        pendingBytes += chunk.length;
        if (pendingBytes >= LOAD_BYTES) await flush();
      }
      await flush();
      return rows;
    },
  };
}

function postgresSession(client: pg.Client): CopySession {
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    executor: drizzlePostgres({ client }) as unknown as Db,
    copyOut: async (table, sink, where) => {
      const filter = where ? ` where ${where}` : '';
      const stream = client.query(copyTo(`copy (select ${columnList(table)} from ${quoteIdent(table.name)}${filter}) to stdout`));
      for await (const chunk of stream) await sink(chunk as Buffer);
    },
    copyIn: async (table, chunks) => {
      let rows = 0;
      const counted = async function* () {
        for await (const chunk of chunks) {
          rows += countLines(chunk);
          yield chunk;
        }
      };
      await pipeline(Readable.from(counted()), client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columnList(table)}) from stdin`)));
      return rows;
    },
  };
}

/**
 * Runs `work` in one transaction: a read-only snapshot, or a writing transaction. When `work`
 * fails the transaction is rolled back whatever it was doing (midway through a COPY too), and a
 * connection lost meanwhile is an error of `work`, never an unhandled event that ends the process.
 */
export async function inCopyTransaction<T>(
  database: Database,
  mode: 'snapshot' | 'write',
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  const target = database.jobsTarget;
  if (target.kind === 'pglite') {
    const pglite: PGlite = target.pglite;
    // A failure inside a COPY (the disk full while loading) can leave PGlite unable to roll back:
    // its ROLLBACK then fails with "cannot drop active portal", which must not hide the cause.
    let failure: { error: unknown } | undefined;
    try {
      // PGlite has one connection: while this runs, the server's other statements wait for it.
      return await pglite.transaction(async (tx) => {
        try {
          if (mode === 'snapshot') await tx.exec('set transaction isolation level repeatable read, read only');
          return await work(pgliteSession(tx));
        } catch (error) {
          failure = { error };
          throw error;
        }
      });
    } catch (error) {
      throw failure ? failure.error : error;
    }
  }
  const client = new pg.Client({ connectionString: target.connectionString, application_name: 'sms-platform-backup' });
  // A connection that drops between two statements is reported here, not thrown: without a
  // listener the client's 'error' event would end the process. The next statement then fails.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    const result = await work(postgresSession(client));
    await client.query('commit');
    return result;
  } finally {
    // After a failure the connection may be midway through a COPY (or gone): ending it rolls the
    // transaction back, and pg cuts a connection with a statement still running rather than wait.
    await client.end().catch(() => {});
  }
}
