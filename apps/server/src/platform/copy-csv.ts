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

/** The rows of `query` as CSV text chunks of CRLF lines, or null when the database is not a PostgreSQL pool. */
export function copyCsv(db: Executor, query: SQL): (() => AsyncGenerator<{ text: string; rows: number }>) | null {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  const statement = `copy (${inlineSql(query)}) to stdout with (format csv)`;
  return async function* () {
    const client = await pool.connect();
    let finished = false;
    try {
      const stream = client.query(copyTo(statement));
      const decoder = new StringDecoder('utf8');
      let quoted = false;
      for await (const chunk of stream) {
        const converted = crlfRows(decoder.write(chunk as Buffer), quoted);
        quoted = converted.quoted;
        if (converted.text) yield { text: converted.text, rows: converted.rows };
      }
      finished = true;
    } finally {
      // A download stopped half-way leaves the connection in the middle of a COPY: it is dropped, not reused.
      client.release(finished ? undefined : true);
    }
  };
}
