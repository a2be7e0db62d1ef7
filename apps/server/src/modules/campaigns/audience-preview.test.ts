import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createCampaign, MISSING_ID } from '../../../test/campaign-api.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
/** Contact ids by seed number (phones +447700000001..12; odd numbers tag1 'pb', even 'pa'). */
const ids: Record<number, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  await seedContacts(server, 12, { tags: ['pa', 'pb'] });
  for (const row of await queryRows<{ id: string; phone: string }>(server.database.db, sql`select id, phone from contacts`))
    ids[Number(row.phone.slice(-6))] = row.id;
  // 1 ('pb') and 2 ('pa') opted out.
  const out = await server.post('/api/contacts/bulk', { action: 'optOut', target: { ids: [ids[1], ids[2]] } }, { token: admin.token });
  expect(out.status).toBe(200);
});
afterAll(() => server?.close());

const preview = async (audience: unknown, token = admin.token) => {
  const response = await server.post('/api/campaigns/audience-preview', { audience }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { count: number; optedOut: number; sample: Array<{ id: string; phone: string; status: string }> };
};
const phones = (sample: Array<{ phone: string }>) => sample.map((contact) => contact.phone).sort();
const phone = (n: number) => `+447700${String(n).padStart(6, '0')}`;

describe('POST /api/campaigns/audience-preview', () => {
  it('counts everyone active and the opted-out, with a sample of five presented contacts', async () => {
    const all = await preview({ type: 'all' });
    expect({ count: all.count, optedOut: all.optedOut }).toEqual({ count: 10, optedOut: 2 });
    expect(all.sample).toHaveLength(5);
    expect(all.sample.every((contact) => contact.status === 'active')).toBe(true);
    // The sample is the API's Contact, exactly as GET /api/contacts/{id} presents it.
    const first = all.sample[0];
    expect(first).toEqual((await server.get(`/api/contacts/${first?.id}`, { token: admin.token })).body.contact);
  });

  it('counts a filter audience', async () => {
    expect(await preview({ type: 'filter', filter: { tag1: 'pa' } })).toMatchObject({ count: 5, optedOut: 1 });
    expect(await preview({ type: 'filter', filter: { tag1: 'none-such' } })).toEqual({
      count: 0,
      optedOut: 0,
      sample: [],
      destinations: [],
    });
    const outOnly = await preview({ type: 'filter', filter: { status: 'opted_out' } });
    expect(outOnly).toEqual({ count: 0, optedOut: 2, sample: [], destinations: [] });
  });

  it('counts an explicit list (unknown ids ignored) and samples exactly its active contacts', async () => {
    const list = await preview({ type: 'contacts', contactIds: [ids[1], ids[3], ids[4], MISSING_ID] });
    expect({ count: list.count, optedOut: list.optedOut }).toEqual({ count: 2, optedOut: 1 });
    expect(phones(list.sample)).toEqual([phone(3), phone(4)]);
  });

  it('counts the non-responders of a campaign: sent or delivered, not replied', async () => {
    const source = await createCampaign(server, admin.token, { name: 'Source' });
    // Messages as the engine would have left them: 3..8 delivered or sent, 9 failed, 2 (opted out) delivered; 5 and 6 replied.
    const statuses: Record<number, string> = {
      2: 'delivered',
      3: 'delivered',
      4: 'sent',
      5: 'delivered',
      6: 'delivered',
      7: 'delivered',
      8: 'sent',
      9: 'failed',
    };
    for (const [n, status] of Object.entries(statuses)) {
      const replied = n === '5' || n === '6' ? sql`now()` : sql`null`;
      await server.database.db.execute(sql`insert into messages (kind, campaign_id, contact_id, phone, status, replied_at)
        values ('campaign', ${source.id}, ${ids[Number(n)]}, ${phone(Number(n))}, ${status}, ${replied})`);
    }
    const result = await preview({ type: 'non_responders', campaignId: source.id });
    expect({ count: result.count, optedOut: result.optedOut }).toEqual({ count: 4, optedOut: 1 });
    expect(phones(result.sample)).toEqual([phone(3), phone(4), phone(7), phone(8)]);
    // Only some tag1 values: 'pb' is on the odd numbers.
    const narrowed = await preview({ type: 'non_responders', campaignId: source.id, tag1: ['pb'] });
    expect(phones(narrowed.sample)).toEqual([phone(3), phone(7)]);
    expect(narrowed.count).toBe(2);
    // A campaign that does not exist reaches no one.
    expect(await preview({ type: 'non_responders', campaignId: MISSING_ID })).toEqual({
      count: 0,
      optedOut: 0,
      sample: [],
      destinations: [],
    });
  });

  it('answers 400 naming the field for a bad audience, 401/403 by role', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'audience'],
      [{ audience: { type: 'everyone' } }, 'audience.type'],
      [{ audience: { type: 'contacts', contactIds: ['x'] } }, 'audience.contactIds.0'],
      [{ audience: { type: 'filter', filter: { status: 'gone' } } }, 'audience.filter.status'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/campaigns/audience-preview', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await server.post('/api/campaigns/audience-preview', { audience: { type: 'all' } })).status).toBe(401);
    const manager = await server.createUser('manager');
    expect((await preview({ type: 'all' }, manager.token)).count).toBe(10);
    for (const role of ['agent', 'viewer'] as const) {
      const account = await server.createUser(role);
      const response = await server.post('/api/campaigns/audience-preview', { audience: { type: 'all' } }, { token: account.token });
      expect(response.status, role).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });
});
