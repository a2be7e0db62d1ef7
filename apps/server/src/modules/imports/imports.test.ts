import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { upload } from '../../../test/upload.ts';
import { queryRows } from '../../db/client.ts';
import { startImportWorker } from './import-job.ts';
import { importLimits, type ImportLimits } from './limits.ts';
import { xlsxFile, zipBomb, zipFile } from '../../../test/import-files.ts';
import { uploadStoreFor } from './upload/upload-store.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */
type Summary = any;

let server: TestServer;
let manager: TestAccount;

/** A server whose import jobs run in this process (tests start servers without the worker). */
async function importServer(limits: Partial<ImportLimits> = {}) {
  const started = await startTestServer({ config: { importLimits: limits } });
  const logger = { error: (details: object, message: string) => console.error(message, details) };
  await startImportWorker(
    started.jobs,
    {
      database: started.database,
      limits: importLimits(limits),
      logger,
      uploads: uploadStoreFor(started.database, started.config.dataDir),
      batchRows: 1000,
    },
    { pollingIntervalSeconds: 0.5 },
  );
  return started;
}

beforeAll(async () => {
  server = await importServer();
  manager = await server.createUser('manager');
});
afterAll(() => server?.close());

const send = (bytes: Uint8Array | string, filename = 'contacts.csv', token: string | undefined = manager.token, target = server) =>
  upload<any>(target, '/api/contacts/imports', {
    ...(token ? { token } : {}),
    files: [{ field: 'file', bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, filename, type: 'text/csv' }],
  });

/** created + updated + duplicates + rejected = rows read, always. */
function expectInvariant(summary: Summary) {
  const { rowsRead, created, updated, duplicates, rejected } = summary.counts;
  expect(created + updated + duplicates + rejected, JSON.stringify(summary.counts)).toBe(rowsRead);
}

async function waitFinished(id: string, target = server, token = manager.token): Promise<Summary> {
  const started = Date.now();
  for (;;) {
    const response = await target.get(`/api/contacts/imports/${id}`, { token });
    expect(response.status).toBe(200);
    const summary = response.body.import;
    expectInvariant(summary);
    if (['completed', 'failed', 'cancelled'].includes(summary.status)) return summary;
    if (Date.now() - started > 50_000) throw new Error(`import ${id} still ${summary.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const start = (
  id: string,
  mapping: Record<string, string>,
  options: Record<string, unknown> = {},
  target = server,
  token = manager.token,
) => target.post(`/api/contacts/imports/${id}/start`, { mapping, options: { onDuplicate: 'skip', ...options } }, { token });

/** Uploads, starts with the suggested mapping (or the given one) and waits for the end. */
async function importFile(
  bytes: Uint8Array | string,
  options: Record<string, unknown> = {},
  filename = 'contacts.csv',
  mapping?: Record<string, string>,
  target = server,
  token = manager.token,
) {
  const uploaded = await send(bytes, filename, token, target);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const id = uploaded.body.import.id as string;
  const started = await start(id, mapping ?? uploaded.body.preview.suggestedMapping, options, target, token);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  // The worker of this process is woken at once, so the job may already be running.
  expect(['queued', 'running', 'completed']).toContain(started.body.import.status);
  const summary = await waitFinished(id, target, token);
  return { summary, preview: uploaded.body.preview, id };
}

const contact = async (phone: string) =>
  (
    await queryRows<Record<string, any>>(
      server.database.db,
      sql`select phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields, source, import_id from contacts where phone = ${phone}`,
    )
  )[0];

async function errorsCsv(id: string) {
  const response = await fetch(`${server.baseUrl}/api/contacts/imports/${id}/errors.csv`, {
    headers: { authorization: `Bearer ${manager.token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  return response.text();
}

const MAPPING = { '0': 'phone', '1': 'firstName', '2': 'lastName', '3': 'email', '4': 'tag1' };

/** Where an embedded server keeps the upload of an import. */
const uploadPath = (id: string, target = server) => join(target.config.dataDir, 'uploads', `${id}.upload`);

/** Whether an import's upload is still stored: a file under DATA_DIR/uploads embedded, chunks on PostgreSQL. */
async function uploadKept(id: string, target = server): Promise<boolean> {
  if (target.database.driver === 'pglite') return existsSync(uploadPath(id, target));
  const [row] = await queryRows<{ n: number }>(
    target.database.db,
    sql`select count(*)::int as n from import_file_chunks where import_id = ${id}`,
  );
  return row!.n > 0;
}

describe(`contacts import on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('imports a CSV, accounts for every row and lists rejected rows in the error file', async () => {
    const csv =
      'Phone,First name,Last name,Email,City\n+447911123456,Ann,Lee,ANN@x.com,Leeds\n+447911123456,Dup,Dup,,\nnot a number,Bob,,,\n,NoPhone,,,\n+447911123457,Cy,,bad-email,Paris\n+447911123458,Di,,,\n';
    const { summary, preview, id } = await importFile(csv);
    expect(preview).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      sheets: [],
      sheet: null,
      headers: ['Phone', 'First name', 'Last name', 'Email', 'City'],
    });
    expect(preview.rows).toHaveLength(6);
    expect(preview.suggestedMapping).toEqual({ '0': 'phone', '1': 'firstName', '2': 'lastName', '3': 'email', '4': 'custom:City' });
    expect(summary).toMatchObject({
      status: 'completed',
      counts: { rowsRead: 6, created: 2, updated: 0, duplicates: 1, rejected: 3 },
      progress: 100,
      fileName: 'contacts.csv',
      errorMessage: null,
    });
    expect(summary.createdBy).toEqual({ id: manager.user.id, name: manager.user.name });
    expect(summary.errorsUrl).toBe(`/api/contacts/imports/${id}/errors.csv`);
    expect(summary.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(await contact('+447911123456')).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@x.com',
      custom_fields: { City: 'Leeds' },
      source: 'import',
      import_id: id,
    });
    const lines = (await errorsCsv(id)).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'row_number,raw,reason',
      '4,"not a number,Bob,,,","Phone number may contain digits, spaces and + ( ) - . only"',
      '5,",NoPhone,,,",Missing phone number',
      `6,"'+447911123457,Cy,,bad-email,Paris",Invalid email address: bad-email`,
    ]);
    const audit = await queryRows<{ details: Record<string, unknown> }>(
      server.database.db,
      sql`select details from audit_log where action = 'contacts.import' and subject_id = ${id}`,
    );
    expect(audit[0]?.details).toMatchObject({ status: 'completed', rowsRead: 6, created: 2, duplicates: 1, rejected: 3 });
  });

  it('refuses an empty file, a file with a header only, and binary junk named .csv', async () => {
    expect((await send('')).body).toMatchObject({ field: 'file', message: 'The file is empty' });
    expect((await send('')).status).toBe(400);
    const blank = await send('\r\n \n');
    expect(blank.status).toBe(400);
    const headerOnly = await send('phone,first name\r\n');
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.message).toBe('The file has no data rows');
    const junk = await send(randomBytes(64 * 1024), 'contacts.csv');
    expect(junk.status).toBe(415);
    expect(junk.body.message).toBe('This file is not a CSV or Excel file');
    const pdf = await send(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]), 'contacts.csv');
    expect(pdf.status).toBe(415);
  });

  it('needs a phone column mapped, one per field, valid options; starts once', async () => {
    const uploaded = await send('Name,City\nAnn,Leeds\n');
    expect(uploaded.status).toBe(201);
    expect(Object.values(uploaded.body.preview.suggestedMapping)).not.toContain('phone');
    const id = uploaded.body.import.id;
    const noPhone = await start(id, uploaded.body.preview.suggestedMapping);
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toMatchObject({ field: 'mapping', message: 'Map one column to the phone number' });
    expect((await start(id, { '0': 'phone', '1': 'phone' })).body.message).toBe('Map only one column to the phone number');
    expect((await start(id, { '0': 'phone', '1': 'custom:City', '2': 'custom:city' })).status).toBe(400);
    expect((await start(id, { '0': 'phone', '1': 'nonsense' })).status).toBe(400);
    expect((await start(id, { '0': 'phone' }, { defaultCountry: 'ZZ' })).body).toMatchObject({ field: 'options.defaultCountry' });
    expect((await start(id, { '0': 'phone' }, { onDuplicate: 'merge' })).status).toBe(400);
    expect((await start(id, { '1': 'phone' })).status).toBe(202);
    expect((await start(id, { '1': 'phone' })).status).toBe(409);
    const summary = await waitFinished(id);
    expect(summary.counts).toMatchObject({ rowsRead: 1, rejected: 1 });
    expect((await server.post(`/api/contacts/imports/${id}/cancel`, undefined, { token: manager.token })).status).toBe(409);
    expect((await server.get('/api/contacts/imports/00000000-0000-4000-8000-000000000000', { token: manager.token })).status).toBe(404);
  });

  it('trusts the content, not the name: XLSX named .csv and CSV named .xlsx', async () => {
    const book = await xlsxFile({
      Contacts: [
        ['phone', 'first name'],
        ['+447911200101', 'Xl'],
      ],
    });
    const asCsv = await importFile(book, {}, 'really-a-workbook.csv');
    expect(asCsv.preview.format).toBe('xlsx');
    expect(asCsv.summary.counts).toMatchObject({ rowsRead: 1, created: 1 });
    const asXlsx = await importFile('phone\tfirst name\n+447911200102\tCs\n', {}, 'really-text.xlsx');
    expect(asXlsx.preview).toMatchObject({ format: 'csv', delimiter: '\t' });
    expect(asXlsx.summary.counts).toMatchObject({ rowsRead: 1, created: 1 });
    expect(await contact('+447911200102')).toMatchObject({ first_name: 'Cs' });
  });

  it('rejects one 50 MB line cleanly and keeps the valid rows around it', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 'x');
    const file = Buffer.concat([Buffer.from('phone,name\n+447911200201,Before\n'), huge, Buffer.from('\n+447911200202,After\n')]);
    const { summary, id } = await importFile(file, {}, 'long-line.csv', { '0': 'phone', '1': 'firstName' });
    expect(summary).toMatchObject({ status: 'completed', counts: { rowsRead: 3, created: 2, rejected: 1 } });
    expect(await errorsCsv(id)).toMatch(/^row_number,raw,reason\r\n3,x{200}…,"?A row is longer than/);
    // The same line alone: it would be the header, which is refused at upload.
    const alone = await send(huge, 'one-line.csv');
    expect(alone.status).toBe(422);
  });

  it('parses quoted delimiters and newlines, mixed line endings, and detects ; | and tab', async () => {
    const csv = 'phone;name;note\r\n+447911200301;"Smith; Jr.";"line1\nline2"\n+447911200302;Ann;x\r+447911200303;"Bob ""B""";y\r\n\r\n';
    const { summary, preview } = await importFile(csv, {}, 'quoted.csv', { '0': 'phone', '1': 'firstName', '2': 'custom:note' });
    expect(preview.delimiter).toBe(';');
    expect(summary.counts).toMatchObject({ rowsRead: 3, created: 3 });
    expect(await contact('+447911200301')).toMatchObject({ first_name: 'Smith; Jr.', custom_fields: { note: 'line1\nline2' } });
    expect(await contact('+447911200303')).toMatchObject({ first_name: 'Bob "B"' });
    const piped = await send('phone|name\n+447911200304|P\n');
    expect(piped.body.preview).toMatchObject({ delimiter: '|', headers: ['phone', 'name'] });
  });

  it('reads UTF-8 with a BOM, UTF-16 LE and BE, and Windows-1252', async () => {
    const text = 'phone,first name\n+447911200401,José\n+447911200402,Zoë\n';
    const bom = await importFile(`\uFEFF${text}`, {}, 'bom.csv');
    expect(bom.preview).toMatchObject({ encoding: 'utf-8', headers: ['phone', 'first name'] });
    expect(bom.summary.counts).toMatchObject({ created: 2 });
    expect(await contact('+447911200402')).toMatchObject({ first_name: 'Zoë' });

    const utf16le = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.replace(/4792/g, '4793').replace('200401', '200411').replace('200402', '200412'), 'utf16le'),
    ]);
    const le = await importFile(utf16le, {}, 'utf16le.csv');
    expect(le.preview.encoding).toBe('utf-16le');
    expect(await contact('+447911200411')).toMatchObject({ first_name: 'José' });

    const beText = Buffer.from(text.replace('200401', '200421').replace('200402', '200422'), 'utf16le');
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(beText.swap16())]);
    const be = await importFile(utf16be, {}, 'utf16be.csv');
    expect(be.preview.encoding).toBe('utf-16be');
    expect(await contact('+447911200422')).toMatchObject({ first_name: 'Zoë' });

    // cp1252: é = E9, ë = EB, € = 80 (not Latin-1).
    const cp1252 = Buffer.concat([
      Buffer.from('phone,first name,last name\n+447911200431,Jos\xe9,\n+447911200432,Zo\xeb,', 'latin1'),
      Buffer.from([0x80]),
      Buffer.from('uro\n', 'latin1'),
    ]);
    const win = await importFile(cp1252, {}, 'windows.csv');
    expect(win.preview.encoding).toBe('windows-1252');
    expect(await contact('+447911200431')).toMatchObject({ first_name: 'José' });
    expect(await contact('+447911200432')).toMatchObject({ first_name: 'Zoë', last_name: '€uro' });
  });

  it('stores formulas as text and neutralises them in the error file', async () => {
    const csv = 'phone,first name\n+447911200501,=1+2\n"=HYPERLINK(""http://evil.test"",""x"")",Bob\n@SUM(A1),Eve\n';
    const { summary, id } = await importFile(csv);
    expect(summary.counts).toMatchObject({ rowsRead: 3, created: 1, rejected: 2 });
    expect(await contact('+447911200501')).toMatchObject({ first_name: '=1+2' });
    const errors = Papa.parse<string[]>((await errorsCsv(id)).trim(), { newline: '\r\n' }).data;
    expect(errors.map((row) => row[0])).toEqual(['row_number', '3', '4']);
    expect(errors[2]?.[1]).toBe("'@SUM(A1),Eve");
    // Every cell of the error file reads as text in a spreadsheet.
    for (const cell of errors.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('expands exact scientific notation, rejects rounded numbers, and reads local numbers with the default country', async () => {
    const csv = 'phone,name\n4.47911E+11,Rounded\n4.47911200601E+11,Exact\n06 12 34 56 78,Local\n0612345679,Zeros\n';
    const { summary, id } = await importFile(csv, { defaultCountry: 'FR' });
    expect(summary.counts).toMatchObject({ rowsRead: 4, created: 3, rejected: 1 });
    expect(await contact('+447911200601')).toMatchObject({ first_name: 'Exact' });
    expect(await contact('+33612345678')).toMatchObject({ first_name: 'Local' });
    expect(await contact('+33612345679')).toMatchObject({ first_name: 'Zeros' });
    expect(await errorsCsv(id)).toMatch(/\r\n2,"4\.47911E\+11,Rounded",.*rounded/);
    const noCountry = await importFile('phone\n07911 200602\n', {});
    expect(noCountry.summary.counts).toMatchObject({ rejected: 1 });
  });

  it('maps duplicate header names once and keeps the copies as custom fields', async () => {
    const { preview, summary } = await importFile('Phone,Name,Name,Phone\n+447911200701,A,B,+447911200702\n');
    expect(preview.headers).toEqual(['Phone', 'Name', 'Name', 'Phone']);
    expect(preview.suggestedMapping).toEqual({ '0': 'phone', '1': 'firstName', '2': 'custom:Name', '3': 'custom:Phone' });
    expect(summary.counts).toMatchObject({ created: 1 });
    expect(await contact('+447911200701')).toMatchObject({ first_name: 'A', custom_fields: { Name: 'B', Phone: '+447911200702' } });
  });

  it('imports the chosen sheet of a workbook with several sheets, leaving no parked sheet file behind', async () => {
    // exceljs parks sheets written before the shared strings (as it writes them) in temporary files.
    const parkedFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`)).length;
    const parkedBefore = parkedFiles();
    const book = await xlsxFile({
      First: [
        ['phone', 'name'],
        ['+447911200801', 'Sheet one'],
      ],
      Second: [
        ['Mobile', 'Prénom', 'Nom'],
        ['+447911200802', 'B', 'Two'],
        [447911200803, 'C', 'Two'],
        [612345680, 'Local', 'Number'],
      ],
    });
    const uploaded = await send(book, 'book.xlsx');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.preview).toMatchObject({
      format: 'xlsx',
      encoding: 'utf-8',
      delimiter: null,
      sheets: ['First', 'Second'],
      sheet: 'First',
      headers: ['phone', 'name'],
    });
    const id = uploaded.body.import.id;
    const second = await server.get(`/api/contacts/imports/${id}/preview?sheet=Second`, { token: manager.token });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      sheet: 'Second',
      headers: ['Mobile', 'Prénom', 'Nom'],
      rows: [
        ['+447911200802', 'B', 'Two'],
        ['447911200803', 'C', 'Two'],
        ['612345680', 'Local', 'Number'],
      ],
    });
    expect(second.body.suggestedMapping).toEqual({ '0': 'phone', '1': 'firstName', '2': 'lastName' });
    expect((await server.get(`/api/contacts/imports/${id}/preview?sheet=Nope`, { token: manager.token })).status).toBe(404);
    expect((await start(id, second.body.suggestedMapping, { sheet: 'Nope' })).status).toBe(400);
    expect((await start(id, second.body.suggestedMapping, { sheet: 'Second', defaultCountry: 'FR' })).status).toBe(202);
    const summary = await waitFinished(id);
    expect(summary).toMatchObject({
      status: 'completed',
      counts: { rowsRead: 3, created: 3 },
      options: { sheet: 'Second', defaultCountry: 'FR' },
    });
    expect(await contact('+447911200801')).toBeUndefined();
    expect(await contact('+447911200803')).toMatchObject({ first_name: 'C', last_name: 'Two' });
    expect(await contact('+33612345680')).toMatchObject({ first_name: 'Local' });
    // Three previews and the import each closed their workbook: every parked file is gone.
    expect(parkedFiles()).toBe(parkedBefore);
  });

  it('refuses corrupt workbooks and zip bombs at upload', async () => {
    const book = await xlsxFile({ S: [['phone'], ['+447911200901']] });
    for (const [name, bytes] of [
      ['garbage.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(5000)])],
      ['truncated.xlsx', book.subarray(0, Math.floor(book.length / 2))],
      ['bomb.xlsx', zipBomb(100)],
      ['liar.xlsx', zipBomb(20, { lie: true })],
    ] as const) {
      const response = await send(bytes, name);
      expect(response.status, name).toBe(422);
      expect(response.body.message, name).toMatch(/Excel file/);
    }
    const notExcel = await send(zipFile([{ name: 'readme.txt', data: Buffer.from('hello') }]), 'archive.xlsx');
    expect(notExcel.status).toBe(415);
  });

  it('skips, fills or overwrites existing contacts; the first occurrence in a file wins', async () => {
    await importFile('phone,first,last,email,tag\n+447911201001,Ann,,ann@x.com,VIP\n', {}, 'base.csv', MAPPING);
    const skip = await importFile('phone,first,last,email,tag\n+447911201001,Anna,Lee,,\n', { onDuplicate: 'skip' }, 'skip.csv', MAPPING);
    expect(skip.summary.counts).toMatchObject({ rowsRead: 1, duplicates: 1, updated: 0 });
    expect(await contact('+447911201001')).toMatchObject({ first_name: 'Ann', last_name: null });

    const fill = await importFile(
      'phone,first,last,email,tag\n+447911201001,Anna,Lee,new@x.com,\n',
      { onDuplicate: 'fill', tag: { field: 'tag2', value: 'spring' } },
      'fill.csv',
      MAPPING,
    );
    expect(fill.summary.counts).toMatchObject({ rowsRead: 1, updated: 1 });
    expect(await contact('+447911201001')).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@x.com',
      tag1: 'VIP',
      tag2: 'spring',
    });

    const overwrite = await importFile(
      'phone,first,last,email,tag\n+447911201001,Anna,,,Gold\n',
      { onDuplicate: 'overwrite' },
      'overwrite.csv',
      MAPPING,
    );
    expect(overwrite.summary.counts).toMatchObject({ rowsRead: 1, updated: 1 });
    expect(await contact('+447911201001')).toMatchObject({ first_name: 'Anna', last_name: 'Lee', email: 'ann@x.com', tag1: 'Gold' });

    const same = await importFile(
      'phone,first,last,email,tag\n+447911201001,Anna,,,Gold\n',
      { onDuplicate: 'overwrite' },
      'same.csv',
      MAPPING,
    );
    expect(same.summary.counts).toMatchObject({ rowsRead: 1, updated: 0, duplicates: 1 });

    const inFile = await importFile(
      'phone,first\n+447911201002,First\n07911 201002,Second\n+447911201001,Third\n',
      { onDuplicate: 'overwrite', defaultCountry: 'GB' },
      'in-file.csv',
    );
    expect(inFile.summary.counts).toMatchObject({ rowsRead: 3, created: 1, updated: 1, duplicates: 1 });
    expect(await contact('+447911201002')).toMatchObject({ first_name: 'First' });
    expect(await contact('+447911201001')).toMatchObject({ first_name: 'Third' });
  });

  it('refreshes the planner statistics of contacts after an import that changed many of them', async () => {
    const rows = Array.from({ length: 1200 }, (_, index) => `+447400${String(400_000 + index)},Stat ${index}`).join('\n');
    const { summary } = await importFile(`phone,name\n${rows}\n`, {}, 'statistics.csv', { '0': 'phone', '1': 'firstName' });
    expect(summary.counts).toMatchObject({ rowsRead: 1200, created: 1200 });
    // ANALYZE of a table this small reads every row: the planner's row count is then exact.
    const [stats] = await queryRows<{ planned: number; actual: number }>(
      server.database.db,
      sql`select reltuples::int as planned, (select count(*)::int from contacts) as actual from pg_class where relname = 'contacts'`,
    );
    expect(stats?.planned).toBe(stats?.actual);
  });

  it('rejects a row with a cell over 10,000 characters, and a row with bytes that are not UTF-8 in a UTF-8 file', async () => {
    // The first megabyte is valid UTF-8, so the file is read as UTF-8; the broken row alone is rejected.
    const padding = Array.from({ length: 150 }, (_, index) => `+447911201${String(500 + index)},Pad,${'p'.repeat(9000)}\n`).join('');
    const file = Buffer.concat([
      Buffer.from(`phone,name,filler\n+447911201101,${'y'.repeat(10_001)},\n+447911201102,Ok,\n${padding}+447911201699,Bad `),
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from(',\n'),
    ]);
    const { summary, id, preview } = await importFile(file, {}, 'cells.csv', { '0': 'phone', '1': 'firstName', '2': 'ignore' });
    expect(preview.encoding).toBe('utf-8');
    expect(summary.counts).toMatchObject({ rowsRead: 153, created: 151, rejected: 2 });
    const errors = await errorsCsv(id);
    expect(errors).toContain('A cell is longer than 10,000 characters');
    expect(errors).toMatch(/\r\n154,.*Bad encoding/);
  });

  it('drops NUL characters from cells and headers without counting them as errors (PostgreSQL cannot store them)', async () => {
    const file = 'phone,first_name,Si\u0000te\n+447911201801,An\u0000n,North\n+447911201802,Bo\u0000,\u0000South\u0000\n';
    const { summary, preview } = await importFile(file, {}, 'nul.csv', { '0': 'phone', '1': 'firstName', '2': 'custom:Site' });
    expect(preview.headers).toEqual(['phone', 'first_name', 'Site']);
    expect(summary.counts).toMatchObject({ rowsRead: 2, created: 2, rejected: 0 });
    expect(await contact('+447911201801')).toMatchObject({ first_name: 'Ann', custom_fields: { Site: 'North' } });
    expect(await contact('+447911201802')).toMatchObject({ first_name: 'Bo', custom_fields: { Site: 'South' } });
  });

  it('cancels a running import between batches; the counts still add up', async () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => `+447911${String(3_000_000 + index)},Name ${index}`);
    const uploaded = await send(`phone,name\n${rows.join('\n')}\n`, 'big.csv');
    const id = uploaded.body.import.id;
    expect((await start(id, { '0': 'phone', '1': 'firstName' })).status).toBe(202);
    for (;;) {
      const current = (await server.get(`/api/contacts/imports/${id}`, { token: manager.token })).body.import;
      if (current.status === 'running') break;
      expect(current.status).not.toBe('completed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancelled = await server.post(`/api/contacts/imports/${id}/cancel`, undefined, { token: manager.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.import.cancelRequested).toBe(true);
    const summary = await waitFinished(id);
    expect(summary.status).toBe('cancelled');
    expect(summary.counts.rowsRead).toBeLessThan(200_000);
    expect(summary.counts.rowsRead % 1000).toBe(0);
    const stored = await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from contacts where import_id = ${id}`);
    expect(stored[0]?.n).toBe(summary.counts.created);
    // Not started yet: cancelled at once.
    const waiting = await send('phone\n+447911201201\n');
    const now = await server.post(`/api/contacts/imports/${waiting.body.import.id}/cancel`, undefined, { token: manager.token });
    expect(now.body.import).toMatchObject({ status: 'cancelled' });
  });

  it('keeps an upload until its import ends, cancelled or not, and nothing of a refused one', async () => {
    const csv = 'phone,name\n+447911123470,Ann\n+447911123471,Bob\n';
    const uploaded = await send(csv);
    const id = uploaded.body.import.id as string;
    expect(await uploadKept(id)).toBe(true);
    // Embedded, the upload is a file of its own, byte for byte.
    if (!onPostgres) expect(readFileSync(uploadPath(id)).toString()).toBe(csv);
    expect((await server.get(`/api/contacts/imports/${id}/preview`, { token: manager.token })).body.rows).toEqual([
      ['+447911123470', 'Ann'],
      ['+447911123471', 'Bob'],
    ]);
    expect((await start(id, { '0': 'phone', '1': 'firstName' })).status).toBe(202);
    expect(await waitFinished(id)).toMatchObject({ status: 'completed', counts: { rowsRead: 2, rejected: 0 } });
    expect(await uploadKept(id)).toBe(false);
    const late = await server.get(`/api/contacts/imports/${id}/preview`, { token: manager.token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('IMPORT_STARTED');

    const waiting = (await send(csv)).body.import.id as string;
    expect(await uploadKept(waiting)).toBe(true);
    expect((await server.post(`/api/contacts/imports/${waiting}/cancel`, undefined, { token: manager.token })).status).toBe(200);
    expect(await uploadKept(waiting)).toBe(false);

    const failed = (await send('phone\n+447911123472\n')).body.import.id as string;
    expect((await start(failed, { '0': 'phone' }, { tag: { field: 'tag1', value: 'x'.repeat(10_001) } })).status).toBe(400);
    const failing = await send('a,b\n');
    expect(failing.status).toBe(422);
    const stored = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from imports where status in ('uploaded', 'queued', 'running')`,
    );
    if (!onPostgres)
      expect(readdirSync(join(server.config.dataDir, 'uploads')).sort()).toEqual(stored.map((row) => `${row.id}.upload`).sort());
    expect(stored.map((row) => row.id)).toContain(failed);
  });

  it.skipIf(onPostgres)(
    'embedded start-up removes the uploads of imports that ended meanwhile and fails imports whose upload is gone (PGlite only: PostgreSQL keeps uploads in its database)',
    async () => {
      const kept = (await send('phone\n+447911123473\n')).body.import.id as string;
      const lost = (await send('phone\n+447911123475\n')).body.import.id as string;
      rmSync(uploadPath(lost));
      // An earlier version kept uploads in the database; nothing reads those chunks now.
      await queryRows(
        server.database.db,
        sql`insert into import_file_chunks (import_id, seq, bytes) values (${kept}, 0, ${Buffer.from('phone\n')})`,
      );
      const { id: ended } = await importFile('phone\n+447911123474\n', {}, 'ended.csv', { '0': 'phone' });
      // As if the server had stopped before removing the upload of a finished import, plus a stray file.
      writeFileSync(uploadPath(ended), 'phone\n');
      writeFileSync(join(server.config.dataDir, 'uploads', '00000000-0000-7000-8000-000000000000.upload'), 'phone\n');
      writeFileSync(join(server.config.dataDir, 'uploads', 'notes.txt'), 'not an upload');
      const logger = { error: (details: object, message: string) => console.error(message, details) };
      await startImportWorker(server.jobs, {
        database: server.database,
        limits: importLimits({}),
        logger,
        uploads: uploadStoreFor(server.database, server.config.dataDir),
      });
      expect(readdirSync(join(server.config.dataDir, 'uploads')).filter((name) => name !== 'notes.txt')).toEqual(
        (await queryRows<{ id: string }>(server.database.db, sql`select id from imports where status in ('uploaded', 'queued')`))
          .map((row) => `${row.id}.upload`)
          .sort(),
      );
      expect(await uploadKept(kept)).toBe(true);
      expect(await uploadKept(ended)).toBe(false);
      expect((await server.get(`/api/contacts/imports/${lost}`, { token: manager.token })).body.import).toMatchObject({
        status: 'failed',
        errorMessage: 'The uploaded file is gone; upload it again',
      });
      expect(await queryRows(server.database.db, sql`select import_id from import_file_chunks`)).toEqual([]);
      expect(existsSync(join(server.config.dataDir, 'uploads', 'notes.txt'))).toBe(true);
    },
  );

  it('lists the history newest first with who ran each import', async () => {
    const page = await server.get('/api/contacts/imports?limit=3', { token: manager.token });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(3);
    expect(page.body.total).toBeGreaterThan(10);
    const times = page.body.data.map((item: Summary) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.body.data[0].createdBy).toMatchObject({ id: manager.user.id });
    expect((await server.get('/api/contacts/imports?limit=101', { token: manager.token })).status).toBe(400);
  });

  it('is for managers and admins only', async () => {
    const { id } = await importFile('phone\n+447911201301\n');
    const admin = await server.createAdmin();
    expect((await send('phone\n+447911201302\n', 'a.csv', admin.token)).status).toBe(201);
    for (const role of ['viewer', 'agent'] as const) {
      const { token } = await server.createUser(role);
      expect((await send('phone\n+447911201303\n', 'x.csv', token)).status, role).toBe(403);
      expect((await server.get('/api/contacts/imports', { token })).status, role).toBe(403);
      expect((await server.get(`/api/contacts/imports/${id}`, { token })).status, role).toBe(403);
      expect((await server.post(`/api/contacts/imports/${id}/cancel`, undefined, { token })).status, role).toBe(403);
      expect((await server.get(`/api/contacts/imports/${id}/errors.csv`, { token })).status, role).toBe(403);
    }
    expect((await send('phone\n+447911201304\n', 'x.csv', '')).status).toBe(401);
    expect((await server.get('/api/contacts/imports')).status).toBe(401);
    expect((await server.get(`/api/contacts/imports/${id}/errors.csv`)).status).toBe(401);
    expect((await server.post(`/api/contacts/imports/${id}/start`, { mapping: { '0': 'phone' } })).status).toBe(401);
  });
});

describe('import limits', () => {
  let small: TestServer;
  let token: string;
  beforeAll(async () => {
    small = await importServer({ maxFileBytes: 64 * 1024, maxRows: 3, maxColumns: 4 });
    token = (await small.createUser('manager')).token;
  });
  afterAll(() => small?.close());

  it('answers 413 past the file size and 422 past the columns; rows past the limit fail the import with counts that add up', async () => {
    const big = await send(`phone\n${'+447911201401\n'.repeat(6000)}`, 'big.csv', token, small);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file must be 64 KB or smaller');
    const wide = await send('phone,a,b,c,d\n+447911201402,1,2,3,4\n', 'wide.csv', token, small);
    expect(wide.status).toBe(422);
    expect(wide.body.message).toBe('The file has 5 columns; at most 4 are allowed');
    const { summary } = await importFile(
      'phone,name\n+447911201403,A\n+447911201404,B,x,y,z\n+447911201405,C\n+447911201406,D\n',
      {},
      'rows.csv',
      { '0': 'phone', '1': 'firstName' },
      small,
      token,
    );
    expect(summary).toMatchObject({ status: 'failed', counts: { rowsRead: 3, created: 2, rejected: 1 } });
    expect(summary.errorMessage).toMatch(/more than 3 rows/);
  });
});
