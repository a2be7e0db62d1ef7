import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign, settledCounts } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('/api/v1/campaigns (reports:read)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let reader = '';
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, { undeliveredRate: 0.2 });
    await seedContacts(server, 20, { tags: ['north', 'south', ''] });
    for (const name of ['First', 'Second', 'Third']) {
      const campaign = await createCampaign(server, admin.token, { name, body: 'Hello {{first_name}}', audience: { type: 'all' } });
      await launchCampaign(server, admin.token, campaign.id);
      await settledCounts(server, admin.token, campaign.id);
      ids.push(campaign.id);
    }
    // Two replies, to the latest campaign (the most recent message a reply can match).
    for (const [n, from] of ['+447700000001', '+447700000002'].entries())
      await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
        { gatewayMessageId: `v1-reply-${n}`, from, to: '+447700999999', body: 'YES please', receivedAt: new Date() },
      ]);
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${ids[2]}`, { token: admin.token })).body.campaign.counts.replied === 2 ? true : undefined,
      15_000,
      'the replies to be counted',
    );
    reader = (await server.post('/api/api-keys', { name: 'BI', scopes: ['reports:read'] }, { token: admin.token })).body.secret;
  });
  afterAll(() => server?.close());

  it('lists launched campaigns in cursor pages with the staff report figures', async () => {
    const first = await server.get('/api/v1/campaigns?limit=2', { token: reader });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await server.get(`/api/v1/campaigns?limit=2&cursor=${first.body.nextCursor}`, { token: reader });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.data, ...second.body.data];
    expect(all.map((row: any) => row.id)).toEqual([...ids].reverse());

    const staff = await server.get('/api/reports/campaigns?limit=50', { token: admin.token });
    for (const row of all) expect(row).toEqual(staff.body.data.find((candidate: any) => candidate.id === row.id));
  });

  it("answers a campaign's report equal to the staff delivery and tag1 reports", async () => {
    const id = ids[2]!;
    const report = await server.get(`/api/v1/campaigns/${id}/report`, { token: reader });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const delivery = await server.get(`/api/reports/delivery/${id}`, { token: admin.token });
    const tag1 = await server.get(`/api/reports/tag1-grouped/${id}`, { token: admin.token });
    expect(report.body.delivery).toEqual(delivery.body);
    expect(report.body.repliesByTag1).toEqual(tag1.body);
    expect(report.body.delivery.recipients).toBe(20);
    expect(report.body.delivery.replied).toBe(2);
    expect(report.body.repliesByTag1.groups.length).toBeGreaterThan(0);
  });

  it('needs the scope and a key, and answers 400 naming the field', async () => {
    const sender = (await server.post('/api/api-keys', { name: 'Sender', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
    expect((await server.get('/api/v1/campaigns', { token: sender })).status).toBe(403);
    const staff = await server.get('/api/v1/campaigns', { token: admin.token });
    expect(staff.status).toBe(401);
    expect((await server.get('/api/v1/campaigns?cursor=bm9wZQ', { token: reader })).body.field).toBe('cursor');
    expect((await server.get('/api/v1/campaigns?limit=0', { token: reader })).body.field).toBe('limit');
    expect((await server.get('/api/v1/campaigns/nope/report', { token: reader })).body.field).toBe('id');
    expect((await server.get('/api/v1/campaigns/00000000-0000-4000-8000-000000000000/report', { token: reader })).status).toBe(404);
  });
});
