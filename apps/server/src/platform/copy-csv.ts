import { StringDecoder } from 'node:string_decoder';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from '../db/client.ts';

/**
 * A CSV file's rows written by PostgreSQL's own CSV writer and streamed with
 * COPY (SELECT ...) TO STDOUT (FORMAT csv): one statement for the whole file, rows leaving the
 * database as fast as it makes them, with the socket's backpressure (the stream reads only what
 * the client takes, so memory stays flat however many rows). PGlite has no streamed COPY: callers
 * keep their batched path there (`copyCsv` answers null).
 *
 * The writer quotes a value holding a quote, comma, CR or LF (doubling its quotes) and leaves NULL
 * empty, as csvCell does (platform/csv.ts); the query neutralises formula starts and turns '' into
 * NULL (csvNeutralisedSql). Its lines end with LF: each row's end (an LF outside quotes) becomes
 * CRLF here, an LF inside a quoted value stays as it is.
 */

const dialect = new PgDialect();

/** A value as an SQL literal (COPY takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((item) => (item === null ? 'NULL' : `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`));
    return pg.escapeLiteral(`{${items.join(',')}}`);
  }
  return pg.escapeLiteral(String(value));
}

/** The statement as text with its parameters inlined as literals. */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_, index: string) => literal(params[Number(index) - 1]));
}

/**
 * CSV text from the writer -> CRLF row ends, counting rows; `quoted` carries whether the text
 * before ended inside a quoted value. Most text holds no quote: one replace does it.
 */
export function crlfRows(text: string, quoted: boolean): { text: string; rows: number; quoted: boolean } {
  if (!quoted && !text.includes('"')) {
    let rows = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) rows += 1;
    return { text: text.replaceAll('\n', '\r\n'), rows, quoted };
  }
  let out = '';
  let rows = 0;
  let from = 0;
  let inside = quoted;
  for (;;) {
    // Inside a quoted value only the next quote matters ("" toggles twice); outside, the next of either.
    const quote = text.indexOf('"', from);
    const newline = inside ? -1 : text.indexOf('\n', from);
    if (newline >= 0 && (quote < 0 || newline < quote)) {
      out += `${text.slice(from, newline)}\r\n`;
      rows += 1;
      from = newline + 1;
    } else if (quote >= 0) {
      out += text.slice(from, quote + 1);
      inside = !inside;
      from = quote + 1;
    } else {
      out += text.slice(from);
      return { text: out, rows, quoted: inside };
    }
  }
}

/** What a ranged CSV export runs: its range bounds, and the rows of one range. */
export interface CopyCsvRanges {
  /** Ascending keys (column `id`) that cut the rows into ranges of similar size; none: one range. */
  bounds: SQL;
  /** The rows of [from, to) (null: open end) in the file's order, cells for the CSV writer. */
  range: (from: string | null, to: string | null) => SQL;
}

/** COPY streams running at once: two CPUs' worth of the database's work for one file (decision 098). */
const STREAMS = 2;
/**
 * How far a range that is not being sent yet reads ahead (its stream's buffer): a whole range of
 * the reports' rows (~120 bytes each, 50,000 to a range), so the next range is made while this one
 * is sent. The server holds at most this per stream, whatever the file's size.
 */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;

/**
 * A ranged export's transaction. The two streams are its parallelism: a range's plan is one
 * process walking the index in the range's key order (left to itself the planner sorts a bitmap
 * scan's rows per range, with parallel workers that each read the range's contacts again: more
 * CPU for the same rows, bench/RESULTS.md).
 */
const BEGIN = 'begin isolation level repeatable read read only; set local enable_sort = off; set local max_parallel_workers_per_gather = 0';

/**
 * The rows of the ranges as CSV text chunks of CRLF lines, ranges in order, or null when the
 * database is not a PostgreSQL pool. Every stream reads one snapshot (exported by the first,
 * repeatable read), so the file is one moment of the data as a single COPY's would be.
 */
export function copyCsv(db: Executor, source: CopyCsvRanges): (() => AsyncGenerator<{ text: string; rows: number }>) | null {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  return async function* () {
    const clients: pg.PoolClient[] = [];
    let finished = false;
    try {
      const first = await pool.connect();
      clients.push(first);
      await first.query(BEGIN);
      const bounds = (await first.query<{ id: string }>(inlineSql(source.bounds))).rows.map((row) => row.id);
      const ranges = [null, ...bounds].map((from, i) => inlineSql(source.range(from, bounds[i] ?? null)));
      if (ranges.length > 1) {
        const [{ snapshot }] = (await first.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [
          { snapshot: string },
        ];
        for (let i = 1; i < Math.min(STREAMS, ranges.length); i++) {
          const client = await pool.connect();
          clients.push(client);
          await client.query(BEGIN);
          await client.query(`set transaction snapshot ${pg.escapeLiteral(snapshot)}`);
        }
      }
      // Range i runs on client i % STREAMS; the next ranges start at once and read ahead while range i is sent.
      const start = (i: number) => {
        const stream = clients[i % clients.length]!.query(
          copyTo(`copy (${ranges[i]!}) to stdout with (format csv)`, { highWaterMark: READ_AHEAD_BYTES }),
        );
        // A range's failure is thrown where it is read; until then nothing must listen for it on its own.
        stream.on('error', () => undefined);
        return stream;
      };
      const streams = ranges.slice(0, clients.length).map((_, i) => start(i));
      // A stream reads ahead once asked for something (a paused Readable fills its buffer after a first read).
      for (const stream of streams.slice(1)) stream.read(0);
      for (let i = 0; i < ranges.length; i++) {
        const decoder = new StringDecoder('utf8');
        let quoted = false;
        for await (const chunk of streams[i]!) {
          const converted = crlfRows(decoder.write(chunk as Buffer), quoted);
          quoted = converted.quoted;
          if (converted.text) yield { text: converted.text, rows: converted.rows };
        }
        const next = i + clients.length;
        if (next < ranges.length) {
          streams[next] = start(next);
          streams[next].read(0);
        }
      }
      for (const client of clients) await client.query('commit');
      finished = true;
    } finally {
      // A download stopped half-way leaves connections in the middle of a COPY: they are dropped, not reused.
      for (const client of clients) client.release(finished ? undefined : true);
    }
  };
}
