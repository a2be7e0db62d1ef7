import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { localInDays } from '../../../test/campaign-api.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `dash-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(),
});

/** A campaign created with a schedule and launched: it waits in `scheduled`. */
async function schedule(server: TestServer, token: string, name: string, scheduledLocal: string, timeZone: string) {
  const created = (await server.post('/api/campaigns', { name, body: 'Hi', scheduledLocal, timeZone }, { token })).body.campaign;
  const launched = await server.post(`/api/campaigns/${created.id}/launch`, undefined, { token });
  expect(launched.body.campaign.status).toBe('scheduled');
  return launched.body.campaign;
}

describe('GET /api/dashboard', () => {
  let server: TestServer;
  let admin: TestAccount;

  const sendCampaign = async (name: string, audience: unknown = { type: 'all' }) => {
    const created = await server.post('/api/campaigns', { name, body: 'Reply YES or NO', audience }, { token: admin.token });
    const id: string = created.body.campaign.id;
    await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token });
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      30_000,
      `${name} to complete`,
    );
    return id;
  };
  const countsOf = async (id: string) => (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.counts;
  // Each check asks with its own time zone: the answer is cached per process for a few seconds per zone.
  const dashboard = (timeZone: string, token = admin.token) =>
    server.get(`/api/dashboard?timeZone=${encodeURIComponent(timeZone)}`, { token });

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 12);
  });
  afterAll(() => server?.close());

  it('answers every role that reads the dashboard; recent replies only to inbox readers', async () => {
    const viewer = await server.createUser('viewer');
    const agent = await server.createUser('agent');
    const seen = await dashboard('Europe/Paris', viewer.token);
    expect(seen.status).toBe(200);
    expect(seen.body.repliesVisible).toBe(false);
    expect(seen.body.recentReplies).toEqual([]);
    expect(seen.body.timeZone).toBe('Europe/Paris');
    expect(seen.body.setup).toEqual({ users: true, brand: false, contacts: true, campaigns: false });
    const agentView = await dashboard('Europe/Paris', agent.token);
    expect(agentView.status).toBe(200);
    expect(agentView.body.repliesVisible).toBe(true);
    expect((await server.get('/api/dashboard')).status).toBe(401);
  });

  it('refuses a bad time zone with a 400 naming the field', async () => {
    const response = await dashboard('Mars/Olympus');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('timeZone');
  });

  it('matches the campaign counters, the contacts and the inbound messages', async () => {
    const first = await sendCampaign('Dashboard first');
    const second = await sendCampaign('Dashboard north', { type: 'filter', filter: { tag1: 'north' } });
    // Contact 1 (south) answers the first campaign; an unknown number writes too.
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [inbound(phone(1), 'Yes please')]);
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [inbound('+447712345678', 'Who is this?')]);
    // Two contacts opt out by an administrator's hand (opt-out time = now).
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'admin' where phone in (${phone(11)}, ${phone(12)})`,
    );
    const scheduled = await schedule(server, admin.token, 'Dashboard later', localInDays(3), 'UTC');
    await waitFor(async () => ((await countsOf(first)).replied === 1 ? true : undefined), 10_000, 'the reply counter');

    const [a, b] = [await countsOf(first), await countsOf(second)];
    const response = await dashboard('UTC');
    expect(response.status).toBe(200);
    const body = response.body;

    const [contactRows] = await queryRows<{ total: number; opted_out: number }>(
      server.database.db,
      sql`select count(*)::int as total, count(*) filter (where status = 'opted_out')::int as opted_out from contacts`,
    );
    expect(body.contacts).toEqual({
      total: contactRows?.total,
      active: (contactRows?.total ?? 0) - (contactRows?.opted_out ?? 0),
      optedOut: 2,
    });

    for (const key of ['today', 'last7Days', 'last30Days'] as const) {
      const window = body.messages[key];
      expect(window.campaigns).toBe(2);
      expect(window.counts.total).toBe(a.total + b.total);
      expect(window.counts.delivered).toBe(a.delivered + b.delivered);
      expect(window.counts.replied).toBe(1);
    }
    expect(body.messages.today.counts.total).toBe(12 + 6);
    expect(body.messages.today.deliveryRate).toBe(100);
    expect(body.messages.today.responseRate).toBe(Math.round((1 / 18) * 1000) / 10);

    expect(body.optOuts.daily).toHaveLength(30);
    expect(body.optOuts.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), n: 2 });
    expect(body.optOuts.total).toBe(2);

    expect(body.campaigns.scheduledTotal).toBe(1);
    expect(body.campaigns.scheduled[0]).toMatchObject({
      id: scheduled.id,
      name: 'Dashboard later',
      status: 'scheduled',
      scheduledAt: scheduled.scheduledAt,
    });
    expect(body.campaigns.activeTotal).toBe(0);
    expect(body.setup.campaigns).toBe(true);

    expect(body.recentReplies.map((r: { body: string }) => r.body)).toEqual(['Who is this?', 'Yes please']);
    expect(body.recentReplies[0]).toMatchObject({ fromPhone: '+447712345678', campaign: null });
    expect(body.recentReplies[1]).toMatchObject({
      fromPhone: phone(1),
      campaign: { id: first, name: 'Dashboard first' },
      contact: { name: 'Person 1' },
    });

    // A campaign launched ten days ago counts in the 30-day window only.
    await server.database.db.execute(sql`update campaigns set launched_at = now() - interval '10 days' where id = ${second}`);
    const later = (await dashboard('Asia/Tokyo')).body;
    expect(later.messages.today.campaigns).toBe(1);
    expect(later.messages.last7Days.counts.total).toBe(a.total);
    expect(later.messages.last30Days.campaigns).toBe(2);
    expect(later.messages.last30Days.counts.total).toBe(a.total + b.total);
  });

  it('counts integration API messages in the message figures, agreeing with the reports and the API', async () => {
    const key = (await server.post('/api/api-keys', { name: 'Dash', scopes: ['messages:send', 'messages:read'] }, { token: admin.token }))
      .body.secret;
    const before = (await dashboard('Europe/Lisbon')).body.messages.last30Days.counts;
    const ids: string[] = [];
    for (const to of ['+447400559001', '+447400559002'])
      ids.push((await server.post('/api/v1/messages', { to, body: 'Code 1234' }, { token: key })).body.id);
    for (const id of ids)
      await waitFor(
        async () => ((await server.get(`/api/v1/messages/${id}`, { token: key })).body.status === 'delivered' ? true : undefined),
        10_000,
        'the API message to be delivered',
      );
    const after = (await dashboard('Europe/Madrid')).body.messages.last30Days.counts;
    expect(after.total).toBe(before.total + 2);
    expect(after.delivered).toBe(before.delivered + 2);

    // The same figure from its two other homes: the campaigns report plus the API's own list.
    const report = (await server.get('/api/reports/campaigns?limit=50', { token: admin.token })).body.data;
    const api = (await server.get('/api/v1/messages?limit=100', { token: key })).body.data;
    const sum = (rows: Array<Record<string, number>>, field: string) => rows.reduce((total, row) => total + (row[field] ?? 0), 0);
    expect(after.total).toBe(sum(report, 'recipients') + api.length);
    expect(after.delivered).toBe(
      sum(report, 'delivered') + api.filter((message: { status: string }) => message.status === 'delivered').length,
    );
  });

  it('counts a new contact at once (the total of contacts is reused only while none is added)', async () => {
    const before = (await dashboard('America/Chicago')).body.contacts.total;
    expect((await server.post('/api/contacts', { phone: '+447700123987' }, { token: admin.token })).status).toBe(201);
    expect((await dashboard('America/Denver')).body.contacts.total).toBe(before + 1);
  });
});

describe('GET /api/campaigns/calendar', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    await seedContacts(server, 2);
  });
  afterAll(() => server?.close());

  const range = (from: Date, to: Date, token = admin.token) =>
    server.get(`/api/campaigns/calendar?from=${from.toISOString()}&to=${to.toISOString()}`, { token });
  const day = 86_400_000;

  it('lists the campaigns scheduled, launched or completed in the range', async () => {
    const scheduled = await schedule(server, admin.token, 'In three days', localInDays(3), 'Europe/Paris');
    const draft = (
      await server.post('/api/campaigns', { name: 'Just a draft', body: 'Hi', scheduledLocal: localInDays(2) }, { token: admin.token })
    ).body.campaign;
    const sent = (await server.post('/api/campaigns', { name: 'Sent last week', body: 'Hi' }, { token: admin.token })).body.campaign;
    await server.database.db.execute(
      sql`update campaigns set status = 'completed', launched_at = now() - interval '7 days', completed_at = now() - interval '7 days' + interval '1 hour' where id = ${sent.id}`,
    );

    const now = Date.now();
    const wide = await range(new Date(now - 10 * day), new Date(now + 10 * day));
    expect(wide.status).toBe(200);
    expect(wide.body.truncated).toBe(false);
    const ids = wide.body.data.map((c: { id: string }) => c.id);
    expect(ids).toEqual([sent.id, scheduled.id]);
    expect(ids).not.toContain(draft.id);
    expect(wide.body.data[1]).toMatchObject({
      status: 'scheduled',
      scheduledAt: scheduled.scheduledAt,
      scheduledLocal: scheduled.scheduledLocal,
      timeZone: 'Europe/Paris',
    });
    expect(wide.body.data[0].launchedAt).not.toBeNull();
    expect(wide.body.data[0].completedAt).not.toBeNull();

    const future = await range(new Date(now + day), new Date(now + 5 * day));
    expect(future.body.data.map((c: { id: string }) => c.id)).toEqual([scheduled.id]);
    const nothing = await range(new Date(now + 20 * day), new Date(now + 30 * day));
    expect(nothing.body.data).toEqual([]);
  });

  it('refuses bad ranges naming the field, and roles that may not read campaigns', async () => {
    const now = Date.now();
    const backwards = await range(new Date(now), new Date(now - day));
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('to must be after from');
    const tooLong = await range(new Date(now), new Date(now + 90 * day));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('62 days');
    const garbage = await server.get('/api/campaigns/calendar?from=yesterday&to=2026-01-01T00:00:00Z', { token: admin.token });
    expect(garbage.status).toBe(400);
    expect(JSON.stringify(garbage.body)).toContain('from');
    const viewer = await server.createUser('viewer');
    expect((await range(new Date(now), new Date(now + day), viewer.token)).status).toBe(403);
    const agent = await server.createUser('agent');
    expect((await range(new Date(now), new Date(now + day), agent.token)).status).toBe(200);
  });
});
