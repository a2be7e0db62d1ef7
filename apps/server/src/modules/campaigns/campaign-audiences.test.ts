import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createCampaign, launchCampaign, settledCounts, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;

/** Seeded groups: phones +447700<offset + i> for i = 1..count, tag1 cycling through `tags`. */
const GROUPS = {
  opt: { offset: 0, count: 10, tags: ['opt'] },
  pick: { offset: 100, count: 6, tags: ['pick'] },
  filter: { offset: 200, count: 10, tags: ['fa', 'fb'] },
  src: { offset: 300, count: 8, tags: ['s1', 's2'] },
} as const;

beforeAll(async () => {
  server = await startTestServer({ engine: { batchSize: 10 } });
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
  for (const group of Object.values(GROUPS)) await seedContacts(server, group.count, { offset: group.offset, tags: [...group.tags] });
});
afterAll(() => server?.close());

const phone = (n: number) => `+447700${String(n).padStart(6, '0')}`;
const phonesOf = (group: keyof typeof GROUPS, which: number[]) => which.map((i) => phone(GROUPS[group].offset + i));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const contactIds = async (phones: string[]) =>
  (
    await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from contacts where phone = any(${sql.param(phones)}::text[]) order by phone`,
    )
  ).map((row) => row.id);
/** The phones a campaign has message rows for, sorted. */
const recipients = async (campaignId: string) =>
  (
    await queryRows<{ phone: string }>(server.database.db, sql`select phone from messages where campaign_id = ${campaignId} order by phone`)
  ).map((row) => row.phone);
const optOut = async (phones: string[]) => {
  const response = await server.post(
    '/api/contacts/bulk',
    { action: 'optOut', target: { ids: await contactIds(phones) } },
    { token: admin.token },
  );
  expect(response.status).toBe(200);
};

/** Creates, launches and runs a campaign to completion (receipts in); answers its id. */
async function runToCompletion(fields: Record<string, unknown>): Promise<string> {
  const campaign = await createCampaign(server, admin.token, { name: 'Audience', body: 'Hello', ...fields });
  await launchCampaign(server, admin.token, campaign.id);
  await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion');
  await settledCounts(server, admin.token, campaign.id);
  return campaign.id;
}

describe('who a campaign reaches', () => {
  it('never creates a message for contacts opted out before the launch', async () => {
    await optOut(phonesOf('opt', [1, 2, 3]));
    const id = await runToCompletion({ audience: { type: 'filter', filter: { tag1: 'opt' } } });
    expect(await recipients(id)).toEqual(phonesOf('opt', range(4, 10)));
    expect(await settledCounts(server, admin.token, id)).toMatchObject({ delivered: 7, total: 7 });
  });

  it('reaches exactly the active contacts of an explicit list', async () => {
    await optOut(phonesOf('pick', [6]));
    const chosen = await contactIds(phonesOf('pick', [2, 4, 5, 6]));
    const id = await runToCompletion({ audience: { type: 'contacts', contactIds: chosen } });
    expect(await recipients(id)).toEqual(phonesOf('pick', [2, 4, 5]));
    expect(await settledCounts(server, admin.token, id)).toMatchObject({ delivered: 3, total: 3 });
  });

  it('reaches exactly the contacts matching a filter on tag1', async () => {
    // seedContacts cycles tags from i = 1: odd numbers get 'fb', even ones 'fa'.
    const id = await runToCompletion({ audience: { type: 'filter', filter: { tag1: 'fa' } } });
    expect(await recipients(id)).toEqual(phonesOf('filter', [2, 4, 6, 8, 10]));
    expect(await settledCounts(server, admin.token, id)).toMatchObject({ delivered: 5, total: 5 });
  });

  it('reaches the non-responders of another campaign (optionally some tag1 values), never the opted-out', async () => {
    const source = await runToCompletion({
      name: 'Source',
      audience: { type: 'contacts', contactIds: await contactIds(phonesOf('src', range(1, 8))) },
    });
    // 1 and 2 replied; 3 opted out since; 4 was never reached (its message failed).
    await server.database.db.execute(
      sql`update messages set replied_at = now(), reply_text = 'YES' where campaign_id = ${source} and phone = any(${sql.param(phonesOf('src', [1, 2]))}::text[])`,
    );
    await server.database.db.execute(
      sql`update messages set status = 'failed', error_code = 'SIM_REJECTED' where campaign_id = ${source} and phone = ${phone(GROUPS.src.offset + 4)}`,
    );
    await optOut(phonesOf('src', [3]));

    const preview = await server.post(
      '/api/campaigns/audience-preview',
      { audience: { type: 'non_responders', campaignId: source } },
      { token: admin.token },
    );
    expect(preview.body).toMatchObject({ count: 4, optedOut: 1 });
    const followUp = await runToCompletion({ name: 'Follow-up', audience: { type: 'non_responders', campaignId: source } });
    expect(await recipients(followUp)).toEqual(phonesOf('src', [5, 6, 7, 8]));
    expect(await settledCounts(server, admin.token, followUp)).toMatchObject({ delivered: 4, total: 4 });

    // tag1 's1' is on the even numbers: 6 and 8 remain.
    const narrowed = await runToCompletion({
      name: 'Follow-up s1',
      audience: { type: 'non_responders', campaignId: source, tag1: ['s1'] },
    });
    expect(await recipients(narrowed)).toEqual(phonesOf('src', [6, 8]));
  });
});

describe('what a campaign sends', () => {
  it('fills merge fields per contact, with fallbacks and custom fields', async () => {
    const create = async (body: Record<string, unknown>) =>
      expect((await server.post('/api/contacts', body, { token: admin.token })).status).toBe(201);
    await create({ phone: '+447400300001', firstName: 'Ann', lastName: 'Lee', tag1: 'merge', customFields: { city: 'Leeds' } });
    await create({ phone: '+447400300002', tag1: 'merge', customFields: { City: 'York' } });
    const id = await runToCompletion({
      body: 'Hi {{first_name|friend}} {{last_name}}, see you in {{city|town}}.',
      audience: { type: 'filter', filter: { tag1: 'merge' } },
    });
    const rows = await queryRows<{ phone: string; body: string; encoding: string; segments: number }>(
      server.database.db,
      sql`select phone, body, encoding, segments from messages where campaign_id = ${id} order by phone`,
    );
    expect(rows).toEqual([
      { phone: '+447400300001', body: 'Hi Ann Lee, see you in Leeds.', encoding: 'GSM-7', segments: 1 },
      // Custom field names are case-sensitive: 'City' is not 'city'.
      { phone: '+447400300002', body: 'Hi friend , see you in town.', encoding: 'GSM-7', segments: 1 },
    ]);
  });

  it('stores the encoding and segment count of what was sent', async () => {
    await seedContacts(server, 1, { offset: 900, tags: ['enc'] });
    const cases: Array<[string, string, number]> = [
      ['Ж'.repeat(70), 'UCS-2', 1],
      ['Ж'.repeat(71), 'UCS-2', 2],
      [`${'a'.repeat(158)}€`, 'GSM-7', 1],
      [`${'a'.repeat(159)}€`, 'GSM-7', 2],
      [`Hi {{first_name}} ${'😀'.repeat(30)}`, 'UCS-2', 2],
    ];
    for (const [body, encoding, segments] of cases) {
      const id = await runToCompletion({ body, audience: { type: 'filter', filter: { tag1: 'enc' } } });
      const [row] = await queryRows<{ id: string | number; body: string }>(
        server.database.db,
        sql`select id, body from messages where campaign_id = ${id}`,
      );
      const message = (await server.get(`/api/messages/${row?.id}`, { token: admin.token })).body.message;
      expect(message, body).toMatchObject({ kind: 'campaign', campaignId: id, status: 'delivered', encoding, segments });
      expect(message.body).toBe(body.replace('{{first_name}}', 'Person 901'));
    }
  });
});
