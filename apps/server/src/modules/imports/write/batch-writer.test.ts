import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../../../test/helper.ts';
import { queryRows } from '../../../db/client.ts';
import { contacts } from '../../../db/schema.ts';
import { openBatchWriter, type Batch } from './batch-writer.ts';
import { insertImport } from '../imports.queries.ts';
import type { StagedContact } from './row-normaliser.ts';
import { StagedRows } from './staged-rows.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const contactRow = (phone: string, firstName: string): StagedContact => [
  phone,
  firstName,
  null,
  null,
  'imported',
  null,
  null,
  null,
  null,
  false,
];

/** A batch of staged contacts, whose existence-check list can leave numbers out (as if they were stored just after the check). */
function batchOf(importId: string, rows: StagedContact[], hideFromCheck: string[] = []): Batch {
  const staged = new StagedRows({ importId, createdBy: null }, new ArrayBuffer(0, { maxByteLength: 1 << 20 }));
  for (const row of rows) staged.add(row);
  const text = staged.finish();
  const phones = `{${rows
    .map((row) => row[0])
    .filter((phone) => !hideFromCheck.includes(phone))
    .join(',')}}`;
  return {
    staged: { ...text, phones },
    rejections: { rowNumbers: [], raws: [], reasons: [] },
    rowsRead: rows.length,
    inFileDuplicates: 0,
    bytesRead: 0,
    readAsInternational: 0,
    internationalExamples: [],
  };
}

const stored = (phones: string[]) =>
  server.database.db
    .select({
      phone: contacts.phone,
      first_name: contacts.firstName,
      tag1: contacts.tag1,
      source: contacts.source,
      import_id: contacts.importId,
    })
    .from(contacts)
    .where(inArray(contacts.phone, phones))
    .orderBy(asc(contacts.phone));

describe(`import batch writer on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('copies new numbers straight in, and leaves stored ones to the duplicate rule', async () => {
    const importRow = await insertImport(server.database.db, { fileName: 'a.csv', fileSize: 1, format: 'csv', status: 'running' });
    await queryRows(server.database.db, sql`insert into contacts (phone, first_name, tag1) values ('+447911555001', 'Stored', null)`);
    const writer = await openBatchWriter(server.database, { importId: importRow.id, onDuplicate: 'fill' });
    try {
      const result = await writer.write(batchOf(importRow.id, [contactRow('+447911555001', 'Ann'), contactRow('+447911555002', 'Bob')]));
      expect(result).toEqual({ cancelled: false, created: 1, updated: 1, duplicates: 0 });
    } finally {
      await writer.close();
    }
    expect(await stored(['+447911555001', '+447911555002'])).toEqual([
      { phone: '+447911555001', first_name: 'Stored', tag1: 'imported', source: 'manual', import_id: null },
      { phone: '+447911555002', first_name: 'Bob', tag1: 'imported', source: 'import', import_id: importRow.id },
    ]);
  });

  it('merges the new numbers too when one was stored after the existence check', async () => {
    for (const onDuplicate of ['skip', 'overwrite'] as const) {
      const base = onDuplicate === 'skip' ? 600 : 700;
      // 0 and 2 are new, 1 is stored just after the check (hidden from it), 3 is stored before.
      const phones = [0, 1, 2, 3].map((offset) => `+447911555${base + offset}`);
      const importRow = await insertImport(server.database.db, { fileName: 'b.csv', fileSize: 1, format: 'csv', status: 'running' });
      await queryRows(
        server.database.db,
        sql`insert into contacts (phone, first_name) values (${phones[1]}, 'Raced'), (${phones[3]}, 'Stored')`,
      );
      const writer = await openBatchWriter(server.database, { importId: importRow.id, onDuplicate });
      try {
        const result = await writer.write(
          batchOf(
            importRow.id,
            phones.map((phone) => contactRow(phone, `New ${phone.slice(-3)}`)),
            [phones[1]!],
          ),
        );
        expect(result).toEqual({
          cancelled: false,
          created: 2,
          updated: onDuplicate === 'skip' ? 0 : 2,
          duplicates: onDuplicate === 'skip' ? 2 : 0,
        });
      } finally {
        await writer.close();
      }
      const rows = await stored(phones);
      const kept = onDuplicate === 'skip';
      expect(rows.map((row) => row.first_name)).toEqual([
        `New ${base}`,
        kept ? 'Raced' : `New ${base + 1}`,
        `New ${base + 2}`,
        kept ? 'Stored' : `New ${base + 3}`,
      ]);
      expect(rows.map((row) => row.import_id)).toEqual([importRow.id, null, importRow.id, null]);
      const [counts] = await queryRows<{ rows_read: number; created: number; updated: number; duplicates: number }>(
        server.database.db,
        sql`select rows_read, created, updated, duplicates from imports where id = ${importRow.id}`,
      );
      expect(counts).toEqual({ rows_read: 4, created: 2, updated: kept ? 0 : 2, duplicates: kept ? 2 : 0 });
    }
  });
});
