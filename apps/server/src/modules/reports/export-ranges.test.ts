import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { copyCsv } from '../../platform/copy-csv.ts';
import { keysetCsvChunks } from '../../platform/export-file.ts';
import { csvBatch, csvCopyQuery, exportRangeBounds, recipientsWhere, type CsvColumn } from './reports.queries.ts';

/**
 * The database's CSV of a campaign cut into ranges (decision 098): on PostgreSQL COPY streams over
 * ranges of the campaign's rows, two at once, joined in order; on PGlite the keyset batches. Either
 * way the file holds every row once, in contact order, with cells that span lines kept whole.
 */
let database: Database;
let dispose: () => Promise<void>;
const CAMPAIGN = '0190a000-0000-7000-8000-00000000e001';
const ROWS = 7;
const contact = (n: number) => `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;
// Contact 3's name spans two lines, inside a quoted cell: a row end is only an LF outside quotes.
const nameOf = (n: number) => (n === 3 ? 'Multi\nline, "quoted"' : `Person ${n}`);
const COLUMNS: CsvColumn[] = [
  { expression: sql`c.first_name`, kind: 'text' },
  { expression: sql`m.phone`, kind: 'text' },
  { expression: sql`m.status`, kind: 'plain' },
];
const expected = Array.from({ length: ROWS }, (_, i) => {
  const n = i + 1;
  const name = nameOf(n).includes('"') ? `"${nameOf(n).replaceAll('"', '""')}"` : nameOf(n);
  return `${name},'+4479110001${String(n).padStart(2, '0')},delivered\r\n`;
}).join('');

beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
  const db = database.db;
  await db.execute(
    sql`insert into campaigns (id, name, body, audience, status) values (${CAMPAIGN}, 'Ranges', 'Hi', '{"type":"all"}', 'completed')`,
  );
  // Inserted out of contact order, so only the export's order can put them in it.
  for (const n of [5, 2, 7, 1, 4, 6, 3]) {
    const phone = `+4479110001${String(n).padStart(2, '0')}`;
    await db.execute(sql`insert into contacts (id, phone, first_name, status) values (${contact(n)}, ${phone}, ${nameOf(n)}, 'active')`);
    await db.execute(
      sql`insert into messages (campaign_id, contact_id, phone, body, status) values (${CAMPAIGN}, ${contact(n)}, ${phone}, 'Hi', 'delivered')`,
    );
  }
});
afterAll(() => dispose?.());

async function text(chunks: () => AsyncGenerator<{ text: string; rows: number }>): Promise<{ text: string; rows: number }> {
  let all = '';
  let rows = 0;
  for await (const chunk of chunks()) {
    all += chunk.text;
    rows += chunk.rows;
  }
  return { text: all, rows };
}

const where = () => recipientsWhere(CAMPAIGN, {});
const ranged = (rowsPerRange: number) =>
  copyCsv(database.db, {
    bounds: exportRangeBounds(CAMPAIGN, rowsPerRange),
    range: (from, to) => csvCopyQuery(CAMPAIGN, where(), COLUMNS, from, to),
  });

describe('export ranges', () => {
  it('cuts the campaign into ranges of the given size at contact keys', async () => {
    const bounds = await queryRows<{ id: string }>(database.db, exportRangeBounds(CAMPAIGN, 2));
    expect(bounds.map((row) => row.id)).toEqual([contact(3), contact(5), contact(7)]);
  });

  it('writes every row once, in contact order, however the rows are cut (PostgreSQL: ranged COPY; PGlite: keyset batches)', async () => {
    if (database.driver === 'pglite') {
      // PGlite has no streamed COPY: the reports fall back to keyset batches of CSV lines.
      expect(ranged(2)).toBeNull();
      const batches = await text(() => keysetCsvChunks((after) => csvBatch(database.db, CAMPAIGN, where(), COLUMNS, after, 2), 2));
      expect(batches).toEqual({ text: expected, rows: ROWS });
      return;
    }
    // One range (no bound), ranges of 1 to 3 rows (more ranges than streams), and one range per row.
    for (const size of [100, 3, 2, 1]) expect(await text(ranged(size)!), `ranges of ${size}`).toEqual({ text: expected, rows: ROWS });
  });

  it('gives back its connections, whole or dropped, when the reader stops half-way (PostgreSQL)', async () => {
    const chunks = ranged(1);
    if (!chunks) return expect(database.driver).toBe('pglite');
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    for (let round = 0; round < 3; round++) {
      const reading = chunks();
      expect((await reading.next()).done).toBe(false);
      await reading.return(undefined);
    }
    // Stopped exports hold no connection: every one is idle in the pool or gone.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await text(chunks)).toEqual({ text: expected, rows: ROWS });
  });
});
