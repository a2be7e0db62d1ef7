import { CONTACT_EXPORT_COLUMNS } from '@sms/contracts/contacts';
import { normalisePhone } from '@sms/contracts/phone';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { auditLog, contacts } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;

const BULK_ROWS = 20_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  await server.database.db.insert(contacts).values([
    {
      phone: '+447400000001',
      firstName: '=HYPERLINK("http://evil.test","click")',
      lastName: '-2+3',
      email: '@SUM(A1)',
      tag1: 'risky',
      tag2: '\tTabbed',
      tag3: '\rCarriage',
      notes: 'Line one\nsaid "hi", then left',
      customFields: { city: '+Leeds', plan: 'Gold' },
      createdAt: new Date('2026-02-02T00:00:00Z'),
    },
    {
      phone: '+33612345678',
      firstName: 'Zoë',
      lastName: 'José',
      tag1: 'risky',
      status: 'opted_out',
      optedOutAt: new Date('2026-02-03T00:00:00Z'),
      optOutSource: 'keyword',
      customFields: { city: 'Paris' },
      createdAt: new Date('2026-02-01T00:00:00Z'),
    },
  ]);
  // Bulk rows share one created_at: the export's keyset cursor must page through ties by id.
  await server.database.db.execute(
    sql`insert into ${contacts} (phone, first_name, tag1, created_at)
        select '+4477009' || lpad(g::text, 5, '0'), 'Bulk ' || g, 'bulk', '2026-01-01T00:00:00Z'::timestamptz from generate_series(1, ${BULK_ROWS}) g`,
  );
});
afterAll(() => server?.close());

const download = (query: string, token = admin.token) =>
  fetch(`${server.baseUrl}/api/contacts/export?${query}`, { headers: { authorization: `Bearer ${token}` } });

/** The body as text with its BOM kept (fetch's text() drops it). */
const bodyText = async (response: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

const parseCsv = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

describe('GET /api/contacts/export', () => {
  it('is for admins and managers only', async () => {
    const agent = await server.createUser('agent');
    const viewer = await server.createUser('viewer');
    for (const account of [agent, viewer]) expect((await download('tag1=risky', account.token)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/contacts/export`)).status).toBe(401);
    const bad = await download('format=pdf');
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('format');
  });

  it('answers a CSV attachment of the filter, neutralising formula cells', async () => {
    const response = await download('tag1=risky', manager.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, first, second, ...rest] = parseCsv(await bodyText(response));
    expect(rest).toEqual([]);
    expect(header).toEqual([...CONTACT_EXPORT_COLUMNS, 'city', 'plan']);
    const row = Object.fromEntries((header as string[]).map((name, index) => [name, first?.[index]]));
    expect(row).toMatchObject({
      phone: "'+447400000001",
      first_name: `'=HYPERLINK("http://evil.test","click")`,
      last_name: "'-2+3",
      email: "'@SUM(A1)",
      tag2: "'\tTabbed",
      tag3: "'\rCarriage",
      notes: 'Line one\nsaid "hi", then left',
      city: "'+Leeds",
      plan: 'Gold',
      status: 'active',
      created_at: '2026-02-02T00:00:00.000Z',
    });
    // The quoted phone reads back as the same number on import.
    expect(normalisePhone(row.phone)).toMatchObject({ ok: true, e164: '+447400000001' });
    const other = Object.fromEntries((header as string[]).map((name, index) => [name, second?.[index]]));
    expect(other).toMatchObject({
      phone: "'+33612345678",
      first_name: 'Zoë',
      last_name: 'José',
      status: 'opted_out',
      opted_out_at: '2026-02-03T00:00:00.000Z',
      opt_out_source: 'keyword',
      city: 'Paris',
      plan: '',
    });
    // The audit row is written once the stream has closed, which can trail the last byte received.
    const exportAudits = async () =>
      (
        await server.database.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.action} = 'contacts.export'`)
      ).map((entry) => entry.details);
    await expect
      .poll(exportAudits, { timeout: 5_000 })
      .toContainEqual({ format: 'csv', filter: { tag1: 'risky' }, rows: 2, completed: true });
  });

  it('answers an XLSX that opens with its rows', async () => {
    const response = await download('format=xlsx&tag1=risky');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/filename="contacts-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Contacts');
    const values = (rowNumber: number) => (sheet?.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...CONTACT_EXPORT_COLUMNS, 'city', 'plan']);
    const first = values(2);
    // Typed text cells: the phone stays plain E.164 text; free text is neutralised all the same.
    expect(first.slice(0, 4)).toEqual(['+447400000001', `'=HYPERLINK("http://evil.test","click")`, "'-2+3", "'@SUM(A1)"]);
    expect(values(3).slice(0, 3)).toEqual(['+33612345678', 'Zoë', 'José']);
    expect(sheet?.rowCount).toBe(3);
  });

  it(`streams ${BULK_ROWS.toLocaleString('en')} rows in CSV and XLSX, each exactly once`, async () => {
    const csv = await download('tag1=bulk');
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(await bodyText(csv));
    expect(header?.[0]).toBe('phone');
    expect(rows).toHaveLength(BULK_ROWS);
    expect(new Set(rows.map((row) => row[0])).size).toBe(BULK_ROWS);

    const xlsx = await download('tag1=bulk&format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0]?.rowCount).toBe(BULK_ROWS + 1);

    const all = parseCsv(await bodyText(await download('')));
    expect(all).toHaveLength(BULK_ROWS + 3);
  });

  it('survives clients that go away mid-download, and still audits each export', async () => {
    const exportAudits = async () =>
      (
        await server.database.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.action} = 'contacts.export'`)
      ).length;
    const before = await exportAudits();
    for (const format of ['csv', 'xlsx']) {
      const controller = new AbortController();
      const response = await fetch(`${server.baseUrl}/api/contacts/export?format=${format}`, {
        headers: { authorization: `Bearer ${admin.token}` },
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      await reader?.read();
      controller.abort();
      await reader?.cancel().catch(() => undefined);
    }
    for (let attempt = 0; attempt < 100 && (await exportAudits()) < before + 2; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exportAudits()).toBe(before + 2);
    expect((await server.get('/api/contacts?limit=1', { token: admin.token })).status).toBe(200);
  });
});
