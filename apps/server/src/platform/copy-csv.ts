import { StringDecoder } from 'node:string_decoder';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from '../db/client.ts';

/**
 * Lines made by PostgreSQL, streamed with COPY (SELECT ...) TO STDOUT: one statement for the whole
 * file, the rows leaving the database as fast as it makes them, with the socket's backpressure (the
 * stream reads only what the client takes, so memory stays flat however many rows). PGlite has no
 * streamed COPY: callers keep their batched path there (`copyLines` answers null).
 *
 * The query selects ONE text column: each value is a finished line (a CSV line), written with CRLF.
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

const ESCAPES: Record<string, string> = { '\\': '\\', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** COPY's text format escapes backslashes and control characters inside a value: undo it. */
const unescapeCopyText = (text: string) => (text.includes('\\') ? text.replace(/\\([\\bfnrtv])/g, (_, c: string) => ESCAPES[c]!) : text);

/**
 * The rows of `query` (one text column) as text chunks of whole CRLF lines, or null when the
 * database is not a PostgreSQL pool.
 */
export function copyLines(db: Executor, query: SQL): (() => AsyncGenerator<{ text: string; rows: number }>) | null {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  const statement = `copy (${inlineSql(query)}) to stdout`;
  return async function* () {
    const client = await pool.connect();
    let finished = false;
    try {
      const stream = client.query(copyTo(statement));
      const decoder = new StringDecoder('utf8');
      let rest = '';
      for await (const chunk of stream) {
        const text = rest + decoder.write(chunk as Buffer);
        const end = text.lastIndexOf('\n');
        if (end < 0) {
          rest = text;
          continue;
        }
        rest = text.slice(end + 1);
        // Every newline here is a row's end (a value's own are escaped until unescapeCopyText).
        const whole = text.slice(0, end + 1);
        let rows = 0;
        for (let at = whole.indexOf('\n'); at >= 0; at = whole.indexOf('\n', at + 1)) rows += 1;
        yield { text: unescapeCopyText(whole.replaceAll('\n', '\r\n')), rows };
      }
      finished = true;
    } finally {
      // A download stopped half-way leaves the connection in the middle of a COPY: it is dropped, not reused.
      client.release(finished ? undefined : true);
    }
  };
}
