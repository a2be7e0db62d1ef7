import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createCampaign, launchCampaign, localInDays } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// The sending hold by hand (decision 072): before moving an installation an administrator holds
// sending, backs up, stops; the restored copy is resumed with the same one switch.

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
  await seedContacts(server, 5);
});
afterAll(() => server?.close());

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string; status_reason: unknown }>(
      server.database.db,
      sql`select status, status_reason from campaigns where id = ${id}`,
    )
  )[0];

describe('holding and resuming sending', () => {
  it('is read by any signed-in member of staff, switched by administrators only', async () => {
    expect((await server.get('/api/sending-hold')).status).toBe(401);
    for (const role of ['viewer', 'agent', 'manager'] as const) {
      const { token } = await server.createUser(role);
      expect((await server.get('/api/sending-hold', { token })).body).toEqual({ held: false, since: null, reason: null });
      expect((await server.post('/api/sending-hold', undefined, { token })).status).toBe(403);
      expect((await server.post('/api/sending-hold/resume', undefined, { token })).status).toBe(403);
    }
    expect((await server.post('/api/sending-hold', undefined)).status).toBe(401);
  });

  it('a hold pauses what sends or waits for its time, refuses launches and resumes; resuming puts each back, audited', async () => {
    const sending = await createCampaign(server, admin.token, { name: 'Going out', body: 'Hi' });
    await launchCampaign(server, admin.token, sending.id);
    const scheduled = await createCampaign(server, admin.token, { name: 'Tomorrow', body: 'Hi', scheduledLocal: localInDays(1) });
    await launchCampaign(server, admin.token, scheduled.id);
    const draft = await createCampaign(server, admin.token, { name: 'Draft', body: 'Hi' });

    const held = await server.post('/api/sending-hold', undefined, { token: admin.token });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ held: true, reason: 'manual' });
    expect(await statusOf(sending.id)).toEqual({
      status: 'paused',
      status_reason: { code: 'SENDING_HELD', params: { previous: 'sending' } },
    });
    expect(await statusOf(scheduled.id)).toEqual({
      status: 'paused',
      status_reason: { code: 'SENDING_HELD', params: { previous: 'scheduled' } },
    });
    // The API presents the reason in words too.
    const presented = (await server.get(`/api/campaigns/${sending.id}`, { token: admin.token })).body.campaign;
    expect(presented.statusReason).toMatchObject({ code: 'SENDING_HELD', message: expect.stringContaining('sending is on hold') });
    // Holding again changes nothing (no second audit entry, the same moment).
    expect((await server.post('/api/sending-hold', undefined, { token: admin.token })).body).toEqual(held.body);

    const launch = await server.post(`/api/campaigns/${draft.id}/launch`, undefined, { token: admin.token });
    expect(launch.status).toBe(409);
    expect(launch.body.code).toBe('SENDING_HELD');
    expect((await server.post(`/api/campaigns/${sending.id}/resume`, undefined, { token: admin.token })).body.code).toBe('SENDING_HELD');
    // Stopping is still allowed.
    expect((await server.post(`/api/campaigns/${draft.id}/cancel`, undefined, { token: admin.token })).status).toBe(200);

    const resumed = await server.post('/api/sending-hold/resume', undefined, { token: admin.token });
    expect(resumed.body).toEqual({ held: false, since: null, reason: null, campaignsResumed: 2 });
    expect(await statusOf(sending.id)).toEqual({ status: 'sending', status_reason: null });
    expect(await statusOf(scheduled.id)).toEqual({ status: 'scheduled', status_reason: null });
    // Resuming again changes nothing.
    expect((await server.post('/api/sending-hold/resume', undefined, { token: admin.token })).body).toMatchObject({
      held: false,
      campaignsResumed: 0,
    });

    const audit = await queryRows<{ action: string; actor_id: string; details: Record<string, unknown> }>(
      server.database.db,
      sql`select action, actor_id, details from audit_log where action like 'sending.%' order by id`,
    );
    expect(audit).toEqual([
      { action: 'sending.hold', actor_id: admin.user.id, details: { campaignsPaused: 2 } },
      {
        action: 'sending.resume',
        actor_id: admin.user.id,
        details: { heldSince: held.body.since, reason: 'manual', campaignsResumed: 2 },
      },
    ]);
  });

  it('leaves campaigns paused for other reasons paused', async () => {
    const campaign = await createCampaign(server, admin.token, { name: 'Paused by hand', body: 'Hi' });
    await launchCampaign(server, admin.token, campaign.id);
    expect((await server.post(`/api/campaigns/${campaign.id}/pause`, undefined, { token: admin.token })).status).toBe(200);
    await server.post('/api/sending-hold', undefined, { token: admin.token });
    await server.post('/api/sending-hold/resume', undefined, { token: admin.token });
    expect((await statusOf(campaign.id))?.status).toBe('paused');
  });
});
