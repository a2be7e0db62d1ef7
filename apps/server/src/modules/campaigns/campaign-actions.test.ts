import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  addSimulator,
  auditOf,
  campaignAction,
  createCampaign,
  getCampaign,
  launchCampaign,
  localIn,
  localInDays,
  settledCounts,
  waitForCampaign,
} from '../../../test/campaign-api.ts';
import { configureSimulator, FAST_SIMULATOR, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// Small batches, so pausing or cancelling a slow campaign leaves most of it queued.
let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
/** A carrier accepting 50 messages a second (the default simulator is fast). */
let slowGateway: string;

/** Contacts per audience tag (tag1), each group its own numbers. */
const GROUPS = { fast: 300, slow: 2_000, cut: 400, later: 50 } as const;

beforeAll(async () => {
  server = await startTestServer({ engine: { batchSize: 10 } });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  await configureSimulator(server, admin.token, {});
  slowGateway = await addSimulator(server, admin.token, 'Slow', { acceptPerSecond: 50 });
  let offset = 0;
  for (const [tag, count] of Object.entries(GROUPS)) {
    await seedContacts(server, count, { tags: [tag], offset });
    offset += count;
  }
});
afterAll(() => server?.close());

const byTag = (tag: keyof typeof GROUPS) => ({ type: 'filter', filter: { tag1: tag } });
const post = (path: string, token = admin.token) => server.post(path, undefined, { token });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Sets the slow gateway's pace while nothing is in flight on it; the engine picks it up within 2 s. */
const paceSlowGateway = async (acceptPerSecond: number) => {
  const response = await server.put(
    `/api/gateways/${slowGateway}`,
    { config: { ...FAST_SIMULATOR, acceptPerSecond } },
    { token: admin.token },
  );
  expect(response.status).toBe(200);
  await sleep(2_100);
};

describe('launch', () => {
  it('sends now: sending, then completed with every message delivered, and audits the launch', async () => {
    const campaign = await createCampaign(server, manager.token, { name: 'Now', body: 'Hi {{first_name}}', audience: byTag('fast') });
    const launched = await launchCampaign(server, manager.token, campaign.id);
    expect(launched).toMatchObject({ status: 'sending', gatewayId: '00000000-0000-4000-8000-000000000001', gatewayName: 'Simulator' });
    expect(launched.launchedAt).not.toBeNull();
    const done = await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion');
    expect(done.completedAt).not.toBeNull();
    expect(done.audienceReady).toBe(true);
    const counts = await settledCounts(server, admin.token, campaign.id);
    expect(counts).toMatchObject({ delivered: GROUPS.fast, total: GROUPS.fast });
    const launches = (await auditOf(server, campaign.id)).filter((entry) => entry.action === 'campaign.launch');
    expect(launches).toHaveLength(1);
    expect(launches[0]).toMatchObject({ actorId: manager.user.id, actorName: manager.user.name, subject: 'Campaign' });
    expect(launches[0]?.details).toMatchObject({ name: 'Now', recipients: GROUPS.fast, scheduledAt: null });

    const again = await post(`/api/campaigns/${campaign.id}/launch`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CAMPAIGN_STATE');
  });

  it('schedules a campaign with a future schedule; launching it again is a 409', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Later',
      body: 'Hi',
      audience: byTag('later'),
      scheduledLocal: localInDays(2),
    });
    const launched = await launchCampaign(server, admin.token, campaign.id);
    expect(launched).toMatchObject({ status: 'scheduled', scheduledAt: campaign.scheduledAt, counts: { total: 0 } });
    const again = await post(`/api/campaigns/${campaign.id}/launch`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CAMPAIGN_STATE', message: 'Cannot schedule a campaign that is scheduled' });
    expect((await getCampaign(server, admin.token, campaign.id)).status).toBe('scheduled');
  });

  it('starts a scheduled campaign when its time comes and completes it, nothing queued before', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Soon',
      body: 'Hi',
      audience: byTag('later'),
      scheduledLocal: localIn(3_000),
    });
    expect((await launchCampaign(server, admin.token, campaign.id)).status).toBe('scheduled');
    const done = await waitForCampaign(
      server,
      admin.token,
      campaign.id,
      (c) => c.status === 'completed',
      'the scheduled campaign to complete',
      20_000,
    );
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ delivered: GROUPS.later, total: GROUPS.later });
    const [first] = await queryRows<{ at: string | Date }>(
      server.database.db,
      sql`select min(queued_at) as at from messages where campaign_id = ${campaign.id}`,
    );
    expect(new Date(first?.at as string).getTime()).toBeGreaterThanOrEqual(Date.parse(done.scheduledAt as string));
  });

  it('refuses to launch what cannot be sent, leaving the draft as it was', async () => {
    const disabled = await server.post('/api/gateways', { name: 'Off', kind: 'simulator', enabled: false }, { token: admin.token });
    expect(disabled.status).toBe(201);
    const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
      [{ body: '' }, 400, { code: 'VALIDATION_ERROR', field: 'body', message: 'Write the message before sending' }],
      [{ body: '   ' }, 400, { code: 'VALIDATION_ERROR', field: 'body' }],
      [
        { body: 'Hi {{first_name' },
        400,
        {
          code: 'VALIDATION_ERROR',
          field: 'body',
          message: "body has a malformed merge field at character 4: Merge field is not closed: add '}}'",
        },
      ],
      [{ body: 'Hi {{}}' }, 400, { code: 'VALIDATION_ERROR', field: 'body' }],
      [{ body: 'Hi', audience: { type: 'filter', filter: { tag1: 'nobody' } } }, 422, { code: 'EMPTY_AUDIENCE', field: 'audience' }],
      [{ body: 'Hi', scheduledLocal: localInDays(-1) }, 422, { code: 'SCHEDULE_IN_PAST', field: 'scheduledLocal' }],
      [
        { body: 'Hi', gatewayId: disabled.body.gateway.id },
        422,
        { code: 'GATEWAY_UNAVAILABLE', field: 'gatewayId', message: 'The gateway Off is disabled' },
      ],
    ];
    for (const [fields, status, error] of cases) {
      const campaign = await createCampaign(server, admin.token, { name: 'Refused', audience: byTag('later'), ...fields });
      const response = await post(`/api/campaigns/${campaign.id}/launch`);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(response.body).toMatchObject(error);
      const after = await getCampaign(server, admin.token, campaign.id);
      expect(after).toMatchObject({ status: 'draft', launchedAt: null, counts: { total: 0 } });
      expect((await auditOf(server, campaign.id)).map((entry) => entry.action)).toEqual(['campaign.create']);
    }
  });
});

describe('pause, resume, cancel', () => {
  it('pauses a sending campaign (nothing moves), resumes it to completion, and audits each step', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Pausable',
      body: 'Hi',
      audience: byTag('slow'),
      gatewayId: slowGateway,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.counts.delivered >= 20, 'the first deliveries');
    expect((await campaignAction(server, manager.token, campaign.id, 'pause')).status).toBe('paused');

    const paused = await settledCounts(server, admin.token, campaign.id);
    await sleep(1_000);
    const later = await getCampaign(server, admin.token, campaign.id);
    expect(later.status).toBe('paused');
    expect(later.counts).toEqual(paused);
    expect(paused.queued).toBeGreaterThan(GROUPS.slow / 2);
    expect(paused.delivered + paused.queued).toBe(GROUPS.slow);

    const refused: Array<[string, string]> = [
      ['pause', 'Cannot pause a campaign that is paused'],
      ['launch', 'Cannot send a campaign that is paused'],
    ];
    for (const [action, message] of refused) {
      const response = await post(`/api/campaigns/${campaign.id}/${action}`);
      expect(response.status, action).toBe(409);
      expect(response.body).toMatchObject({ code: 'CAMPAIGN_STATE', message });
    }

    await paceSlowGateway(100_000);
    expect((await campaignAction(server, manager.token, campaign.id, 'resume')).status).toBe('sending');
    const resumeAgain = await post(`/api/campaigns/${campaign.id}/resume`);
    expect(resumeAgain.status).toBe(409);
    expect(resumeAgain.body).toMatchObject({
      code: 'CAMPAIGN_STATE',
      message: expect.stringMatching(/^Cannot send a campaign that is (sending|completed)$/),
    });
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion after resume');
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ delivered: GROUPS.slow, total: GROUPS.slow });
    await paceSlowGateway(50);

    const audit = await auditOf(server, campaign.id);
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['campaign.create', admin.user.id],
      ['campaign.launch', admin.user.id],
      ['campaign.pause', manager.user.id],
      ['campaign.resume', manager.user.id],
    ]);
    expect(audit[2]?.details).toEqual({ name: 'Pausable', from: 'sending' });
    expect(audit[3]?.details).toEqual({ name: 'Pausable', from: 'paused' });
  });

  it('answers 409 CAMPAIGN_STATE for moves the state machine does not allow', async () => {
    const draft = await createCampaign(server, admin.token, { name: 'Still draft', body: 'Hi', audience: byTag('later') });
    const scheduled = await createCampaign(server, admin.token, {
      name: 'Still scheduled',
      body: 'Hi',
      audience: byTag('later'),
      scheduledLocal: localInDays(1),
    });
    await launchCampaign(server, admin.token, scheduled.id);
    const cases: Array<[string, string, string]> = [
      [draft.id, 'pause', 'Cannot pause a campaign that is draft'],
      [draft.id, 'resume', 'Cannot send a campaign that is draft'],
      [scheduled.id, 'pause', 'Cannot pause a campaign that is scheduled'],
      [scheduled.id, 'resume', 'Cannot send a campaign that is scheduled'],
    ];
    for (const [id, action, message] of cases) {
      const response = await post(`/api/campaigns/${id}/${action}`);
      expect(response.status, message).toBe(409);
      expect(response.body).toMatchObject({ code: 'CAMPAIGN_STATE', message });
    }
    expect((await getCampaign(server, admin.token, draft.id)).status).toBe('draft');
    expect((await getCampaign(server, admin.token, scheduled.id)).status).toBe('scheduled');
  });

  it('cancels drafts and scheduled campaigns (no messages), and not twice', async () => {
    for (const scheduledLocal of [null, localInDays(1)]) {
      const campaign = await createCampaign(server, admin.token, {
        name: 'Cancel me',
        body: 'Hi',
        audience: byTag('later'),
        scheduledLocal,
      });
      if (scheduledLocal) await launchCampaign(server, admin.token, campaign.id);
      const cancelled = await campaignAction(server, admin.token, campaign.id, 'cancel');
      expect(cancelled).toMatchObject({ status: 'cancelled', counts: { total: 0 } });
      expect(cancelled.cancelledAt).not.toBeNull();
      const again = await post(`/api/campaigns/${campaign.id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CAMPAIGN_STATE', message: 'Cannot cancel a campaign that is cancelled' });
      const cancels = (await auditOf(server, campaign.id)).filter((entry) => entry.action === 'campaign.cancel');
      expect(cancels.map((entry) => [entry.actorId, entry.details])).toEqual([
        [admin.user.id, { name: 'Cancel me', from: scheduledLocal ? 'scheduled' : 'draft', messagesCancelled: 0 }],
      ]);
    }
  });

  it('cancels a sending and a paused campaign: queued messages become cancelled, nothing stays queued', async () => {
    const sending = await createCampaign(server, admin.token, {
      name: 'Cut while sending',
      body: 'Hi',
      audience: byTag('cut'),
      gatewayId: slowGateway,
    });
    await launchCampaign(server, admin.token, sending.id);
    await waitForCampaign(server, admin.token, sending.id, (c) => c.counts.delivered >= 10, 'the first deliveries');
    const cancelled = await campaignAction(server, manager.token, sending.id, 'cancel');
    expect(cancelled.status).toBe('cancelled');
    const counts = await settledCounts(server, admin.token, sending.id);
    expect(counts.queued).toBe(0);
    expect(counts.cancelled).toBeGreaterThan(GROUPS.cut / 2);
    expect(counts.delivered + counts.cancelled).toBe(GROUPS.cut);
    const [entry] = (await auditOf(server, sending.id)).filter((row) => row.action === 'campaign.cancel');
    expect(entry).toMatchObject({ actorId: manager.user.id });
    expect((entry?.details as { messagesCancelled: number }).messagesCancelled).toBe(counts.cancelled);

    // A paused campaign: its whole queue is cancelled at once. A completed one cannot be cancelled.
    const paused = await createCampaign(server, admin.token, {
      name: 'Cut while paused',
      body: 'Hi',
      audience: byTag('fast'),
      gatewayId: slowGateway,
    });
    await launchCampaign(server, admin.token, paused.id);
    await campaignAction(server, admin.token, paused.id, 'pause');
    const before = await settledCounts(server, admin.token, paused.id);
    expect(before.queued).toBeGreaterThan(0);
    expect(before.queued + before.delivered).toBe(GROUPS.fast);
    const after = await campaignAction(server, admin.token, paused.id, 'cancel');
    expect(after.counts).toEqual({ ...before, queued: 0, cancelled: before.queued });
    expect(await settledCounts(server, admin.token, paused.id)).toEqual(after.counts);

    const finished = await createCampaign(server, admin.token, { name: 'Finished', body: 'Hi', audience: byTag('later') });
    await launchCampaign(server, admin.token, finished.id);
    await waitForCampaign(server, admin.token, finished.id, (c) => c.status === 'completed', 'completion');
    for (const action of ['cancel', 'pause', 'resume', 'launch']) {
      const response = await post(`/api/campaigns/${finished.id}/${action}`);
      expect(response.status, action).toBe(409);
      expect(response.body.code).toBe('CAMPAIGN_STATE');
    }
  });
});
