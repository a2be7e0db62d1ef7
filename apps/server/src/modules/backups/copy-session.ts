import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import type { TableHeader } from './backup-format.ts';

/**
 * One transaction on either database, with COPY in and out. Backups read everything inside one
 * repeatable-read transaction (one snapshot: the tables agree with each other); restores write
 * everything inside one transaction (all or nothing).
 */
export interface CopySession {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Streams a table's rows as COPY text to `sink`, a bounded piece at a time. */
  copyOut(table: TableHeader, sink: (chunk: Buffer) => Promise<void>): Promise<void>;
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
    copyOut: async (table, sink) => {
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
        const result = await tx.query(`copy (select ${columnList(table)} from ${target} where ${range}) to '/dev/blob'`);
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
    copyOut: async (table, sink) => {
      const stream = client.query(copyTo(`copy (select ${columnList(table)} from ${quoteIdent(table.name)}) to stdout`));
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

/** Runs `work` in one transaction: a read-only snapshot, or a writing transaction. */
export async function inCopyTransaction<T>(
  database: Database,
  mode: 'snapshot' | 'write',
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  const target = database.jobsTarget;
  if (target.kind === 'pglite') {
    const pglite: PGlite = target.pglite;
    // PGlite has one connection: while this runs, the server's other statements wait for it.
    return pglite.transaction(async (tx) => {
      if (mode === 'snapshot') await tx.exec('set transaction isolation level repeatable read, read only');
      return work(pgliteSession(tx));
    });
  }
  const client = new pg.Client({ connectionString: target.connectionString, application_name: 'sms-platform-backup' });
  await client.connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    try {
      const result = await work(postgresSession(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
}
