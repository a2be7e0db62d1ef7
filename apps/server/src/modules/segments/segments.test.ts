import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { campaignAction, createCampaign, launchCampaign, localInDays, MISSING_ID, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
/** A finished campaign whose messages the reply conditions read (rows written here, not sent). */
let pastCampaignId: string;

const phone = (i: number) => `+447911${String(i).padStart(6, '0')}`;

/**
 * 40 contacts, i = 1..40: tag1 'red' for odd i, tag2 'vip' when i % 4 = 0, tag3 'red' when i % 10 = 0;
 * custom field city 'Paris' (i % 3 = 0), 'Lyon' (i % 3 = 1), none otherwise; opted out when i % 7 = 0;
 * created i days ago. Contacts 1..10 received the past campaign (1..3 replied); 11..12 got a message 2 days ago.
 */
beforeAll(async () => {
  server = await startTestServer({ engine: { batchSize: 10 } });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await configureSimulator(server, admin.token, {});
  const db = server.database.db;
  await db.execute(sql`insert into contacts (phone, first_name, tag1, tag2, tag3, custom_fields, status, opted_out_at, created_at)
    select '+447911' || lpad(i::text, 6, '0'), 'Person ' || i,
      case when i % 2 = 1 then 'red' end, case when i % 4 = 0 then 'vip' end, case when i % 10 = 0 then 'red' end,
      case i % 3 when 0 then '{"city":"Paris"}'::jsonb when 1 then '{"city":"Lyon"}'::jsonb else '{}'::jsonb end,
      case when i % 7 = 0 then 'opted_out' else 'active' end, case when i % 7 = 0 then now() end,
      now() - make_interval(days => i)
    from generate_series(1, 40) as i`);
  const past = await createCampaign(server, admin.token, { name: 'Past campaign', body: 'Hello' });
  pastCampaignId = past.id;
  await db.execute(sql`insert into messages (kind, campaign_id, contact_id, phone, status, sent_at, replied_at)
    select 'campaign', ${pastCampaignId}, c.id, c.phone, 'delivered', now() - interval '30 days',
      case when c.phone <= '+447911000003' then now() - interval '29 days' end
    from contacts c where c.phone between '+447911000001' and '+447911000010'`);
  await db.execute(sql`insert into messages (kind, contact_id, phone, status, sent_at)
    select 'reply', c.id, c.phone, 'sent', now() - interval '2 days' from contacts c where c.phone in ('+447911000011', '+447911000012')`);
});
afterAll(() => server?.close());

/** The phones (sorted) the contacts list shows for a definition, through GET /api/contacts. */
async function listed(definition: Record<string, unknown>): Promise<string[]> {
  const { conditions, ...simple } = definition;
  const query = new URLSearchParams({ limit: '100', sort: 'phone', order: 'asc', ...(simple as Record<string, string>) });
  if (conditions) query.set('conditions', JSON.stringify(conditions));
  const response = await server.get(`/api/contacts?${query}`, { token: agent.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((contact: any) => contact.phone);
}

const phones = (which: (i: number) => boolean) =>
  Array.from({ length: 40 }, (_, k) => k + 1)
    .filter(which)
    .map(phone);
const optedOut = (i: number) => i % 7 === 0;

async function count(definition: Record<string, unknown>) {
  const response = await server.post('/api/segments/count', { definition }, { token: agent.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { total: number; active: number };
}

async function save(name: string, definition: Record<string, unknown>) {
  const response = await server.post('/api/segments', { name, definition }, { token: manager.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.segment as any;
}

describe('segment definitions', () => {
  const cases: Array<[string, () => Record<string, unknown>, (i: number) => boolean]> = [
    ['tags: any', () => ({ conditions: { tags: { match: 'any', values: ['vip', 'blue'] } } }), (i) => i % 4 === 0],
    ['tags: all (across the tag fields)', () => ({ conditions: { tags: { match: 'all', values: ['red', 'vip'] } } }), (i) => i % 20 === 0],
    ['tags: none', () => ({ conditions: { tags: { match: 'none', values: ['red'] } } }), (i) => i % 2 === 0 && i % 10 !== 0],
    ['tags: any in one field', () => ({ conditions: { tags: { match: 'any', values: ['red'], field: 'tag3' } } }), (i) => i % 10 === 0],
    ['status', () => ({ status: 'opted_out' }), (i) => i % 7 === 0],
    ['created range', () => ({ createdFrom: new Date(Date.now() - 5.5 * 86_400_000).toISOString() }), (i) => i <= 5],
    [
      'custom field equals',
      () => ({ conditions: { customFields: [{ name: 'city', operator: 'equals', value: 'Paris' }] } }),
      (i) => i % 3 === 0,
    ],
    [
      'custom field contains',
      () => ({ conditions: { customFields: [{ name: 'city', operator: 'contains', value: 'YO' }] } }),
      (i) => i % 3 === 1,
    ],
    ['custom field empty', () => ({ conditions: { customFields: [{ name: 'city', operator: 'empty' }] } }), (i) => i % 3 === 2],
    ['custom field not empty', () => ({ conditions: { customFields: [{ name: 'city', operator: 'not_empty' }] } }), (i) => i % 3 !== 2],
    ['replied to a campaign', () => ({ conditions: { repliedTo: pastCampaignId } }), (i) => i <= 3],
    ['did not reply to a campaign', () => ({ conditions: { notRepliedTo: pastCampaignId } }), (i) => i >= 4 && i <= 10],
    ['received a message in the last N days', () => ({ conditions: { messagedWithinDays: 7 } }), (i) => i === 11 || i === 12],
    [
      'several conditions together',
      () => ({
        tag1: 'red',
        conditions: { customFields: [{ name: 'city', operator: 'not_empty' }], tags: { match: 'none', values: ['vip'] } },
      }),
      (i) => i % 2 === 1 && i % 3 !== 2,
    ],
  ];

  it.each(cases)('%s: the count and the contacts list name the same contacts', async (_, definition, which) => {
    const expected = phones(which);
    expect(expected.length).toBeGreaterThan(0);
    expect(await listed(definition())).toEqual(expected);
    expect(await count(definition())).toEqual({
      total: expected.length,
      active: expected.filter((p) => !optedOut(Number(p.slice(-6)))).length,
    });
  });

  it('answers 400 naming the field of a bad definition', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ conditions: { tags: { match: 'some', values: ['x'] } } }, 'definition.conditions.tags.match'],
      [{ conditions: { tags: { match: 'any', values: [] } } }, 'definition.conditions.tags.values'],
      [{ conditions: { customFields: [{ name: 'city', operator: 'equals' }] } }, 'definition.conditions.customFields.0.value'],
      [{ conditions: { messagedWithinDays: 0 } }, 'definition.conditions.messagedWithinDays'],
      [{ conditions: { repliedTo: MISSING_ID } }, 'definition.conditions.repliedTo'],
      [{ createdFrom: 'yesterday' }, 'definition.createdFrom'],
    ];
    for (const [definition, field] of bad) {
      const response = await server.post('/api/segments', { name: 'Bad', definition }, { token: manager.token });
      expect(response.status, JSON.stringify(definition)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    const list = await server.get(`/api/contacts?conditions=${encodeURIComponent('{"tags":{"match":"x"}}')}`, { token: agent.token });
    expect(list.status).toBe(400);
    expect(list.body.field).toMatch(/^conditions\.tags/);
  });
});

describe('segments API', () => {
  it('lets agents read and count, managers manage; refuses strangers and viewers', async () => {
    expect((await server.get('/api/segments')).status).toBe(401);
    expect((await server.get('/api/segments', { token: viewer.token })).status).toBe(403);
    expect((await server.post('/api/segments/count', { definition: {} }, { token: viewer.token })).status).toBe(403);
    expect((await server.post('/api/segments', { name: 'x', definition: {} }, { token: agent.token })).status).toBe(403);
    const segment = await save('Readable', { status: 'active' });
    expect((await server.get(`/api/segments/${segment.id}`, { token: agent.token })).status).toBe(200);
    expect((await server.put(`/api/segments/${segment.id}`, { name: 'y' }, { token: agent.token })).status).toBe(403);
    expect((await server.delete(`/api/segments/${segment.id}`, { token: agent.token })).status).toBe(403);
    expect((await server.get(`/api/segments/${MISSING_ID}`, { token: agent.token })).status).toBe(404);
    expect((await server.get(`/api/segments/${MISSING_ID}/count`, { token: agent.token })).status).toBe(404);
  });

  it('saves, lists, counts live, renames and deletes', async () => {
    const segment = await save('VIPs', { conditions: { tags: { match: 'any', values: ['vip'] } } });
    expect(segment.definition).toEqual({ conditions: { tags: { match: 'any', values: ['vip'] } } });
    expect((await server.post('/api/segments', { name: 'vips', definition: {} }, { token: manager.token })).status).toBe(409);
    const before = await server.get(`/api/segments/${segment.id}/count`, { token: agent.token });
    expect(before.body).toEqual({ total: 10, active: 9 });
    await server.put(`/api/contacts/${await contactId(1)}`, { tag2: 'vip' }, { token: admin.token });
    expect((await server.get(`/api/segments/${segment.id}/count`, { token: agent.token })).body.total).toBe(11);
    const renamed = await server.put(`/api/segments/${segment.id}`, { name: 'Very important' }, { token: manager.token });
    expect(renamed.body.segment.name).toBe('Very important');
    const list = await server.get('/api/segments?search=important', { token: agent.token });
    expect(list.body).toMatchObject({ total: 1, data: [{ id: segment.id }] });
    expect((await server.delete(`/api/segments/${segment.id}`, { token: manager.token })).status).toBe(204);
    await server.put(`/api/contacts/${await contactId(1)}`, { tag2: null }, { token: admin.token });
  });

  it('refuses to delete a segment a scheduled campaign is to be sent to (409 naming it)', async () => {
    const segment = await save('Scheduled audience', { status: 'active' });
    const campaign = await createCampaign(server, admin.token, {
      name: 'Next week',
      body: 'Hi',
      audience: { type: 'segment', segmentId: segment.id },
      scheduledLocal: localInDays(7),
    });
    await launchCampaign(server, admin.token, campaign.id);
    const refused = await server.delete(`/api/segments/${segment.id}`, { token: manager.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Next week');
    expect(refused.body.code).toBe('SEGMENT_IN_USE');
    await campaignAction(server, admin.token, campaign.id, 'cancel');
    expect((await server.delete(`/api/segments/${segment.id}`, { token: manager.token })).status).toBe(204);
  });
});

describe('a segment as a campaign audience', () => {
  it('reaches exactly the active contacts the list shows for the definition, and records the definition at launch', async () => {
    const definition = { conditions: { customFields: [{ name: 'city', operator: 'equals', value: 'Paris' }] } };
    const segment = await save('Parisians', definition);
    const draft = await createCampaign(server, admin.token, {
      name: 'To Paris',
      body: 'Bonjour',
      audience: { type: 'segment', segmentId: segment.id },
    });
    expect(draft.audience).toEqual({ type: 'segment', segmentId: segment.id, segmentName: 'Parisians', snapshot: null });
    const preview = await server.post(
      '/api/campaigns/audience-preview',
      { audience: { type: 'segment', segmentId: segment.id } },
      { token: admin.token },
    );
    const activeListed = await listed({ ...definition, status: 'active' });
    expect(preview.body.count).toBe(activeListed.length);
    await launchCampaign(server, admin.token, draft.id);
    const done = await waitForCampaign(server, admin.token, draft.id, (c) => c.status === 'completed', 'completion');
    const sentTo = (
      await queryRows<{ phone: string }>(server.database.db, sql`select phone from messages where campaign_id = ${draft.id} order by phone`)
    ).map((row) => row.phone);
    expect(sentTo).toEqual(activeListed);
    expect(done.audience).toMatchObject({ type: 'segment', segmentName: 'Parisians', snapshot: { segmentName: 'Parisians', definition } });
    // Changing the segment afterwards leaves the recorded definition alone.
    await server.put(`/api/segments/${segment.id}`, { definition: { status: 'active' } }, { token: manager.token });
    const later = await server.get(`/api/campaigns/${draft.id}`, { token: admin.token });
    expect(later.body.campaign.audience.snapshot.definition).toEqual(definition);
  });

  it('answers 400 naming audience.segmentId for a segment that does not exist', async () => {
    const response = await server.post(
      '/api/campaigns',
      { name: 'Nobody', audience: { type: 'segment', segmentId: MISSING_ID } },
      { token: admin.token },
    );
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('audience.segmentId');
  });
});

async function contactId(i: number): Promise<string> {
  const [row] = await queryRows<{ id: string }>(server.database.db, sql`select id from contacts where phone = ${phone(i)}`);
  if (!row) throw new Error(`no contact ${i}`);
  return row.id;
}
