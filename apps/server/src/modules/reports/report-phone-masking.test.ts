import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

// PRODUCT.md section 4: viewers see phone numbers masked (+44 79** ***456) in reports, recipient
// tables and their exports; names and tags stay. The other roles see whole numbers.
let server: TestServer;
let viewer: TestAccount;
let manager: TestAccount;
let campaignId: string;
const PHONES = ['+447911123456', '+447911654321'];

beforeAll(async () => {
  server = await startTestServer();
  viewer = await server.createUser('viewer');
  manager = await server.createUser('manager');
  await server.database.db.execute(
    sql`insert into contacts (phone, first_name, tag1) values (${PHONES[0]}, 'Ann', 'North'), (${PHONES[1]}, 'Bob', 'South')`,
  );
  const [row] = await queryRows<{ id: string }>(
    server.database.db,
    sql`insert into campaigns (name, body, audience, status, launched_at, completed_at) values ('Masked', 'Hi', '{"type":"all"}', 'completed', now(), now()) returning id`,
  );
  campaignId = row!.id;
  await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, sent_at, delivered_at)
    select ${campaignId}, id, phone, 'Hi', 'delivered', now(), now() from contacts`);
});
afterAll(() => server?.close());

const download = (path: string, token: string) => fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
const csv = async (path: string, token: string) =>
  (Papa.parse((await (await download(path, token)).text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data as string[][]).slice(1);
async function xlsx(path: string, token: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await (await download(path, token)).arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row, index) => {
    if (index > 1) rows.push([String(row.getCell(1).value), String(row.getCell(2).value), String(row.getCell(3).value)]);
  });
  return rows;
}

describe('phone numbers in reports, by role', () => {
  it('masks them for viewers in the recipients table and the non-responders, names and tags kept', async () => {
    const recipients = await server.get(`/api/reports/delivery/${campaignId}/recipients?sort=name`, { token: viewer.token });
    expect(recipients.status).toBe(200);
    expect(recipients.body.data.map((row: Record<string, string>) => [row.name, row.phone, row.tag1])).toEqual([
      ['Ann', '+44 79** ***456', 'North'],
      ['Bob', '+44 79** ***321', 'South'],
    ]);
    const nonResponders = await server.get(`/api/reports/non-responders/${campaignId}?sort=name`, { token: viewer.token });
    expect(nonResponders.body.data.map((row: Record<string, string>) => row.phone)).toEqual(['+44 79** ***456', '+44 79** ***321']);
    const whole = await server.get(`/api/reports/delivery/${campaignId}/recipients?sort=name`, { token: manager.token });
    expect(whole.body.data.map((row: Record<string, string>) => row.phone)).toEqual(PHONES);
  });

  it('masks them in viewers’ CSV and XLSX exports (the database-made CSV included)', async () => {
    for (const path of [`/api/reports/delivery/${campaignId}/recipients/export`, `/api/reports/non-responders/${campaignId}/export`]) {
      // CSV cells starting with + get the formula-neutralising quote, whole or masked.
      const rows = (await csv(path, viewer.token)).sort();
      expect(
        rows.map((row) => row.slice(0, 3)),
        path,
      ).toEqual([
        ['Ann', "'+44 79** ***456", 'North'],
        ['Bob', "'+44 79** ***321", 'South'],
      ]);
      expect((await xlsx(`${path}?format=xlsx`, viewer.token)).sort(), path).toEqual([
        ['Ann', '+44 79** ***456', 'North'],
        ['Bob', '+44 79** ***321', 'South'],
      ]);
      expect((await csv(path, manager.token)).map((row) => row[1]).sort(), path).toEqual(["'+447911123456", "'+447911654321"]);
    }
  });

  it('does not let a viewer find a recipient by number (a search would tell the whole number)', async () => {
    const search = (token: string) =>
      server.get(`/api/reports/delivery/${campaignId}/recipients?search=${encodeURIComponent('7911 123456')}`, { token });
    expect((await search(viewer.token)).body.total).toBe(0);
    expect((await search(manager.token)).body.total).toBe(1);
    expect((await server.get(`/api/reports/non-responders/${campaignId}?search=7911123456`, { token: viewer.token })).body.total).toBe(0);
    expect((await server.get(`/api/reports/delivery/${campaignId}/recipients?search=ann`, { token: viewer.token })).body.total).toBe(1);
  });
});
