import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/**
 * Every report export, byte for byte, against the files it wrote before (`__snapshots__/report-files/`):
 * CSV made by the database (whole numbers), CSV made from the row batches (masked numbers, for
 * viewers), and each XLSX's sheet. The rows are fixed (ids, names, times), so a column's header,
 * value and SQL can only move together: report-files.ts declares each column once.
 */
let server: TestServer;
let manager: TestAccount;
let viewer: TestAccount;
const CAMPAIGN = '0190a000-0000-7000-8000-00000000c001';
const contact = (n: number) => `0190a000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
const at = (minute: number) => `2026-03-01T09:${String(minute).padStart(2, '0')}:00.123Z`;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.createUser('manager');
  viewer = await server.createUser('viewer');
  const db = server.database.db;
  await db.execute(sql`insert into contacts (id, phone, first_name, last_name, tag1, status) values
    (${contact(1)}, '+447911000001', 'Ann', 'Lee', 'north', 'active'),
    (${contact(2)}, '+447911000002', '=HYPERLINK("http://x")', null, 'south', 'active'),
    (${contact(3)}, '+447911000003', ${'Bob'}, ${'Smith, "Jr"\nII'}, null, 'active'),
    (${contact(4)}, '+447911000004', null, null, 'north', 'opted_out'),
    (${contact(5)}, '+447911000005', 'Zoë', '李', '@south', 'active')`);
  await db.execute(sql`insert into campaigns (id, name, body, audience, status, reply_window_hours, created_at, launched_at, completed_at)
    values (${CAMPAIGN}, 'Spring, "fair"', 'Coming? Reply YES or NO', '{"type":"all"}', 'completed', 48, ${at(0)}, ${at(1)}, ${at(30)})`);
  await db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, sent_at, delivered_at, replied_at, reply_text, reply_word, error_code, error_text) values
    (${CAMPAIGN}, ${contact(1)}, '+447911000001', 'Hi', 'delivered', ${at(2)}, ${at(3)}, ${at(4)}, 'Yes please', 'YES', null, null),
    (${CAMPAIGN}, ${contact(2)}, '+447911000002', 'Hi', 'delivered', ${at(2)}, ${at(5)}, ${at(6)}, '=1+2', '=1+2', null, null),
    (${CAMPAIGN}, ${contact(3)}, '+447911000003', 'Hi', 'delivered', ${at(2)}, ${at(7)}, null, null, null, null, null),
    (${CAMPAIGN}, ${contact(4)}, '+447911000004', 'Hi', 'sent', ${at(2)}, null, null, null, null, null, null),
    (${CAMPAIGN}, ${contact(5)}, '+447911000005', 'Hi', 'failed', null, null, null, null, null, 'SIM_REJECTED', 'Rejected, "no route"')`);
});
afterAll(() => server?.close());

const download = async (path: string, token: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return response;
};
/** The sheet of an XLSX export (the workbook's other parts carry the time it was written). */
async function sheetXml(response: Response): Promise<string> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(await response.arrayBuffer()), { lazyEntries: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'xl/worksheets/sheet1.xml') continue;
      const parts: Buffer[] = [];
      for await (const part of await zip.openReadStreamPromise(entry)) parts.push(part as Buffer);
      return Buffer.concat(parts).toString('utf8');
    }
    throw new Error('The workbook has no xl/worksheets/sheet1.xml');
  } finally {
    zip.close();
  }
}
const snapshot = (name: string) => `./__snapshots__/report-files/${name}`;

const EXPORTS: Array<[name: string, path: string]> = [
  ['campaigns', '/api/reports/campaigns/export'],
  ['recipients', `/api/reports/delivery/${CAMPAIGN}/recipients/export`],
  ['tag1', `/api/reports/tag1-grouped/${CAMPAIGN}/export`],
  ['non-responders', `/api/reports/non-responders/${CAMPAIGN}/export`],
];

describe('report export files', () => {
  it.each(EXPORTS)('%s: CSV and XLSX, whole and masked, as they were written before', async (name, path) => {
    await expect(await (await download(`${path}?format=csv`, manager.token)).text()).toMatchFileSnapshot(snapshot(`${name}.csv`));
    await expect(await (await download(`${path}?format=csv`, viewer.token)).text()).toMatchFileSnapshot(snapshot(`${name}.masked.csv`));
    await expect(await sheetXml(await download(`${path}?format=xlsx`, manager.token))).toMatchFileSnapshot(snapshot(`${name}.sheet.xml`));
    await expect(await sheetXml(await download(`${path}?format=xlsx`, viewer.token))).toMatchFileSnapshot(
      snapshot(`${name}.masked.sheet.xml`),
    );
  });
});
