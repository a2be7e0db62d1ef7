import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { upload } from '../../../test/upload.ts';
import { queryRows } from '../../db/client.ts';
import { startImportWorker } from './import-job.ts';
import { importLimits } from './limits.ts';
import { xlsxFile, zipBomb, zipFile } from './test-files.ts';

let server: TestServer;
let manager: TestAccount;

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */
type Summary = any;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.createUser('manager');
  await startImportWorker(server.jobs, { database: server.database, limits: importLimits(), logger: { error: (details, message) => console.error(message, details) }, batchRows: 1000 }, { pollingIntervalSeconds: 0.5 });
});
afterAll(() => server?.close());

const send = (bytes: Uint8Array | string, filename = 'contacts.csv', token = manager.token) =>
  upload<any>(server, '/api/contacts/imports', { token, files: [{ field: 'file', bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, filename, type: 'text/csv' }] });

/** The counts always add up. */
function expectInvariant(summary: Summary) {
  const { rowsRead, created, updated, duplicates, rejected } = summary.counts;
  expect(created + updated + duplicates + rejected, JSON.stringify(summary.counts)).toBe(rowsRead);
}

async function waitFinished(id: string, timeoutMs = 60_000): Promise<Summary> {
  const started = Date.now();
  for (;;) {
    const response = await server.get(`/api/contacts/imports/${id}`, { token: manager.token });
    expect(response.status).toBe(200);
    const summary = response.body.import;
    expectInvariant(summary);
    if (['completed', 'failed', 'cancelled'].includes(summary.status)) return summary;
    if (Date.now() - started > timeoutMs) throw new Error(`import ${id} still ${summary.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads, starts with the suggested mapping (or the given one) and waits for the end. */
async function importFile(bytes: Uint8Array | string, options: Record<string, unknown> = {}, filename = 'contacts.csv', mapping?: Record<string, string>) {
  const uploaded = await send(bytes, filename);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const id = uploaded.body.import.id as string;
  const started = await server.post(`/api/contacts/imports/${id}/start`, { mapping: mapping ?? uploaded.body.preview.suggestedMapping, options: { onDuplicate: 'skip', ...options } }, { token: manager.token });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const summary = await waitFinished(id);
  return { summary, preview: uploaded.body.preview, id };
}

const contact = async (phone: string) =>
  (await queryRows<Record<string, any>>(server.database.db, sql`select phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields from contacts where phone = ${phone}`))[0];

const errorsCsv = async (id: string) => {
  const response = await fetch(`${server.baseUrl}/api/contacts/imports/${id}/errors.csv`, { headers: { authorization: `Bearer ${manager.token}` } });
  expect(response.status).toBe(200);
  return response.text();
};

describe(`contacts import on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('imports a CSV and accounts for every row', async () => {
    const csv = 'Phone,First name,Last name,Email,City\n+447911123456,Ann,Lee,ANN@x.com,Leeds\n+447911123456,Dup,Dup,,\nnot a number,Bob,,,\n,NoPhone,,,\n+447911123457,Cy,,,Paris\n';
    const { summary, preview, id } = await importFile(csv);
    expect(preview).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',', headers: ['Phone', 'First name', 'Last name', 'Email', 'City'] });
    expect(preview.suggestedMapping).toEqual({ '0': 'phone', '1': 'firstName', '2': 'lastName', '3': 'email', '4': 'custom:City' });
    expect(summary).toMatchObject({ status: 'completed', counts: { rowsRead: 5, created: 2, updated: 0, duplicates: 1, rejected: 2 }, progress: 100 });
    expect(await contact('+447911123456')).toMatchObject({ first_name: 'Ann', last_name: 'Lee', email: 'ann@x.com', custom_fields: { City: 'Leeds' } });
    const errors = await errorsCsv(id);
    expect(errors.split('\r\n')[0]).toBe('row_number,raw,reason');
    expect(errors).toContain('4,"not a number,Bob,,,"');
    expect(errors).toContain('5,",NoPhone,,,",Missing phone number');
  });

  it('reads XLSX sheets and refuses zip bombs', async () => {
    const book = await xlsxFile({ First: [['phone', 'name'], ['+447911200001', 'A']], Second: [['Mobile', 'Prénom'], ['+447911200002', 'B'], [447911200003, 'C']] });
    const uploaded = await send(book, 'book.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.preview).toMatchObject({ format: 'xlsx', sheets: ['First', 'Second'], sheet: 'First' });
    const second = await server.get(`/api/contacts/imports/${uploaded.body.import.id}/preview?sheet=Second`, { token: manager.token });
    expect(second.body).toMatchObject({ sheet: 'Second', headers: ['Mobile', 'Prénom'], rows: [['+447911200002', 'B'], ['447911200003', 'C']], suggestedMapping: { '0': 'phone', '1': 'firstName' } });
    const bomb = await send(zipBomb(100), 'bomb.xlsx');
    expect(bomb.status).toBe(422);
    const liar = await send(zipBomb(20, { lie: true }), 'liar.xlsx');
    expect(liar.status).toBe(422);
    const corrupt = await send(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5000, 7)]), 'broken.xlsx');
    expect(corrupt.status).toBe(422);
    void zipFile;
  });
});
