import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAction, createCampaign, launchCampaign, localInDays, settledCounts, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// Issue 37: "launched" means sending started (decision 084). A campaign waiting for its schedule,
// or cancelled before its time, has no launchedAt, is not in the reports lists and has no one to
// follow up; it joins the lists when its time comes, stamped then.
describe('launched campaigns are the ones that started sending', () => {
  let server: TestServer;
  let admin: TestAccount;
  let sent = '';
  let scheduled = '';
  let cancelled = '';
  let reader = '';

  const reportIds = async (query = '') => {
    const response = await server.get(`/api/reports/campaigns?limit=50${query}`, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { ids: response.body.data.map((row: any) => row.id), total: response.body.total };
  };

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 3);
    const now = await createCampaign(server, admin.token, { name: 'Sent now', body: 'Hi' });
    await launchCampaign(server, admin.token, now.id);
    await settledCounts(server, admin.token, now.id);
    sent = now.id;
    const later = await createCampaign(server, admin.token, {
      name: 'Later in Nairobi',
      body: 'Hi',
      scheduledLocal: localInDays(2, 'Africa/Nairobi'),
      timeZone: 'Africa/Nairobi',
    });
    scheduled = later.id;
    const dropped = await createCampaign(server, admin.token, {
      name: 'Dropped',
      body: 'Hi',
      scheduledLocal: localInDays(3),
      timeZone: 'UTC',
    });
    cancelled = dropped.id;
    reader = (await server.post('/api/api-keys', { name: 'BI', scopes: ['reports:read'] }, { token: admin.token })).body.secret;
  });
  afterAll(() => server?.close());

  it('a scheduled campaign has no launchedAt and is in no reports list until its time comes', async () => {
    const waiting = await launchCampaign(server, admin.token, scheduled);
    expect(waiting).toMatchObject({ status: 'scheduled', launchedAt: null });
    expect((await launchCampaign(server, admin.token, cancelled)).status).toBe('scheduled');
    expect((await campaignAction(server, admin.token, cancelled, 'cancel')).launchedAt).toBeNull();

    expect(await reportIds()).toEqual({ ids: [sent], total: 1 });
    expect(await reportIds('&status=scheduled')).toEqual({ ids: [], total: 0 });
    expect(await reportIds('&status=cancelled')).toEqual({ ids: [], total: 0 });
    expect(await reportIds('&sort=recipients')).toEqual({ ids: [sent], total: 1 });
    const v1 = await server.get('/api/v1/campaigns?limit=10', { token: reader });
    expect(v1.body.data.map((row: any) => row.id)).toEqual([sent]);
    const followUp = await server.post(`/api/reports/non-responders/${scheduled}/follow-up`, {}, { token: admin.token });
    expect(followUp.status).toBe(409);

    // The dashboard's scheduled campaign carries the zone its time shows in; it is not launched.
    const dashboard = await server.get('/api/dashboard?timeZone=UTC', { token: admin.token });
    expect(dashboard.body.campaigns.scheduled.find((c: any) => c.id === scheduled)).toMatchObject({
      timeZone: 'Africa/Nairobi',
      launchedAt: null,
    });
    expect(dashboard.body.setup.campaigns).toBe(true);
  });

  it('its time come, it is stamped launched then and joins the reports list', async () => {
    const before = Date.now();
    await server.database.db.execute(sql`update campaigns set scheduled_at = now() where id = ${scheduled}`);
    const started = await waitForCampaign(server, admin.token, scheduled, (c) => c.launchedAt !== null, 'the start');
    expect(Date.parse(started.launchedAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    await settledCounts(server, admin.token, scheduled);
    expect((await reportIds()).ids.sort()).toEqual([sent, scheduled].sort());
  });

  it("the calendar answers the organisation's time zone", async () => {
    await server.put('/api/settings/messaging', { timeZone: 'Africa/Nairobi' }, { token: admin.token });
    const now = Date.now();
    const from = new Date(now - 86_400_000).toISOString();
    const to = new Date(now + 5 * 86_400_000).toISOString();
    const calendar = await server.get(`/api/campaigns/calendar?from=${from}&to=${to}`, { token: admin.token });
    expect(calendar.status).toBe(200);
    expect(calendar.body.timeZone).toBe('Africa/Nairobi');
  });
});
