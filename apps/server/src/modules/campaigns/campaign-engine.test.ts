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
  poll,
  settledCounts,
  waitForCampaign,
} from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// Small batches and a low error limit, so the engine's reactions show on small audiences.
let server: TestServer;
let admin: TestAccount;
const gateways: Record<'slow' | 'broken' | 'unreachable', string> = { slow: '', broken: '', unreachable: '' };

const GROUPS = { late: 200, fail: 300, undl: 50, valid: 400 } as const;

beforeAll(async () => {
  server = await startTestServer({ engine: { autoPauseAfter: 20, batchSize: 10 } });
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
  gateways.slow = await addSimulator(server, admin.token, 'Slow', { acceptPerSecond: 50 });
  gateways.broken = await addSimulator(server, admin.token, 'Broken', { failureRate: 1 });
  gateways.unreachable = await addSimulator(server, admin.token, 'Unreachable', { undeliveredRate: 1 });
  let offset = 0;
  for (const [tag, count] of Object.entries(GROUPS)) {
    await seedContacts(server, count, { tags: [tag], offset });
    offset += count;
  }
});
afterAll(() => server?.close());

const byTag = (tag: keyof typeof GROUPS) => ({ type: 'filter', filter: { tag1: tag } });
const progressOf = async (id: string) => {
  const response = await server.get(`/api/campaigns/${id}/progress`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body;
};
const messageRows = (id: string, where = sql`true`) =>
  queryRows<{
    id: string | number;
    contact_id: string;
    status: string;
    error_code: string | null;
    error_text: string | null;
    sent_at: unknown;
    gateway_message_id: string | null;
    body: string | null;
  }>(
    server.database.db,
    sql`select id, contact_id, status, error_code, error_text, sent_at, gateway_message_id, body from messages where campaign_id = ${id} and ${where} order by id`,
  );

describe('the engine through the API', () => {
  it('skips a contact who opts out after the launch, and reports rate and errors in the progress', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Late opt-out',
      body: 'Hi',
      audience: byTag('late'),
      gatewayId: gateways.slow,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.audienceReady, 'the recipients to be materialised', 10_000);
    // The last message in dispatch (id) order is sent seconds from now at 50 a second.
    const last = (await messageRows(campaign.id)).at(-1);
    expect(last?.status).toBe('queued');
    const optedOut = await server.put(`/api/contacts/${last?.contact_id}`, { status: 'opted_out' }, { token: admin.token });
    expect(optedOut.status).toBe(200);

    const live = await poll(
      async () => {
        const progress = await progressOf(campaign.id);
        return progress.status === 'sending' && progress.ratePerSecond > 0 && progress.counts.queued > 0 ? progress : undefined;
      },
      10_000,
      'a measured rate while sending',
    );
    expect(live.ratePerSecond).toBeLessThanOrEqual(200);
    expect(Date.parse(live.eta)).toBeGreaterThan(Date.now());
    expect(live.audienceReady).toBe(true);

    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion', 20_000);
    const counts = await settledCounts(server, admin.token, campaign.id);
    expect(counts).toMatchObject({ delivered: GROUPS.late - 1, skipped: 1, total: GROUPS.late });
    const [skipped] = await messageRows(campaign.id, sql`status = 'skipped'`);
    expect(skipped).toMatchObject({
      id: last?.id,
      error_code: 'OPTED_OUT',
      error_text: 'The contact opted out before sending',
      sent_at: null,
      gateway_message_id: null,
      body: null,
    });

    const done = await progressOf(campaign.id);
    expect(done).toMatchObject({ status: 'completed', statusReason: null, audienceReady: true, counts, eta: null });
    expect(done.recentErrors).toEqual([
      { code: 'OPTED_OUT', text: 'The contact opted out before sending', count: 1, lastAt: expect.any(String) },
    ]);
  });

  it('pauses a campaign by itself after autoPauseAfter errors in a row, with the reason as a code and its parameters', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Refused',
      body: 'Hi',
      audience: byTag('fail'),
      gatewayId: gateways.broken,
    });
    await launchCampaign(server, admin.token, campaign.id);
    const paused = await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'paused', 'the automatic pause');
    expect(paused.statusReason).toEqual({
      code: 'AUTO_PAUSED_ERRORS',
      params: { errors: 20, lastError: 'Simulated: number rejected by the carrier' },
      message: 'Paused automatically after 20 errors in a row. Last error: Simulated: number rejected by the carrier',
    });
    // Stored as the code and its parameters; the English sentence is only made for the answer.
    const [stored] = await queryRows<{ status_reason: unknown }>(
      server.database.db,
      sql`select status_reason from campaigns where id = ${campaign.id}`,
    );
    expect(stored?.status_reason).toEqual({
      code: 'AUTO_PAUSED_ERRORS',
      params: { errors: 20, lastError: 'Simulated: number rejected by the carrier' },
    });
    const counts = await settledCounts(server, admin.token, campaign.id);
    // 20, plus at most the batches other lanes had in flight (4 lanes of 10).
    expect(counts.failed).toBeGreaterThanOrEqual(20);
    expect(counts.failed).toBeLessThanOrEqual(60);
    expect(counts.failed + counts.queued).toBe(GROUPS.fail);
    expect(counts.queued).toBeGreaterThan(0);
    const progress = await progressOf(campaign.id);
    expect(progress).toMatchObject({ status: 'paused', statusReason: paused.statusReason, counts, eta: null });
    expect(progress.recentErrors).toEqual([
      { code: 'SIM_REJECTED', text: 'Simulated: number rejected by the carrier', count: counts.failed, lastAt: expect.any(String) },
    ]);
    const autoPause = (await auditOf(server, campaign.id)).filter((entry) => entry.action === 'campaign.auto_pause');
    expect(autoPause.map((entry) => [entry.actorId, entry.details])).toEqual([
      [null, { reason: paused.statusReason?.message, reasonCode: 'AUTO_PAUSED_ERRORS' }],
    ]);

    // Resuming clears the reason; the carrier still refuses everything, so it pauses again after 20 more.
    const resumed = await campaignAction(server, admin.token, campaign.id, 'resume');
    expect(resumed).toMatchObject({ status: 'sending', statusReason: null });
    const again = await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'paused', 'the second automatic pause');
    expect(again.statusReason).toEqual(paused.statusReason);
    expect((await settledCounts(server, admin.token, campaign.id)).failed).toBeGreaterThanOrEqual(counts.failed + 20);
  });

  it('records undelivered receipts with the carrier error and still completes', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Unreachable',
      body: 'Hi',
      audience: byTag('undl'),
      gatewayId: gateways.unreachable,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion');
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ undelivered: GROUPS.undl, total: GROUPS.undl });
    const rows = await messageRows(campaign.id);
    expect(new Set(rows.map((row) => `${row.status}|${row.error_code}|${row.error_text}`))).toEqual(
      new Set(['undelivered|SIM_UNREACHABLE|Simulated: handset unreachable']),
    );
    expect((await progressOf(campaign.id)).recentErrors).toEqual([
      { code: 'SIM_UNREACHABLE', text: 'Simulated: handset unreachable', count: GROUPS.undl, lastAt: expect.any(String) },
    ]);
    expect((await getCampaign(server, admin.token, campaign.id)).statusReason).toBeNull();
  });

  it('holds a campaign in its quiet hours, saying when it resumes', async () => {
    const hhmm = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
    const quietHours = { start: hhmm(-60), end: hhmm(60) };
    const campaign = await createCampaign(server, admin.token, { name: 'Night', body: 'Hi', audience: byTag('undl'), quietHours });
    await launchCampaign(server, admin.token, campaign.id);
    const waiting = await waitForCampaign(server, admin.token, campaign.id, (c) => c.statusReason !== null, 'the quiet-hours reason');
    expect(waiting).toMatchObject({
      status: 'sending',
      statusReason: {
        code: 'QUIET_HOURS',
        params: { time: quietHours.end, timeZone: 'UTC' },
        message: `Quiet hours: sending resumes at ${quietHours.end} (UTC)`,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ queued: GROUPS.undl, total: GROUPS.undl });
    expect((await campaignAction(server, admin.token, campaign.id, 'cancel')).counts).toMatchObject({ cancelled: GROUPS.undl, queued: 0 });
  });

  it('pauses a scheduled campaign whose gateway was disabled meanwhile, with the reason; resumes once enabled', async () => {
    const flaky = await addSimulator(server, admin.token, 'Flaky', {});
    const campaign = await createCampaign(server, admin.token, {
      name: 'Scheduled on Flaky',
      body: 'Hi',
      audience: byTag('undl'),
      gatewayId: flaky,
      scheduledLocal: localIn(2_000),
    });
    expect((await launchCampaign(server, admin.token, campaign.id)).status).toBe('scheduled');
    expect((await server.put(`/api/gateways/${flaky}`, { enabled: false }, { token: admin.token })).status).toBe(200);
    const paused = await waitForCampaign(
      server,
      admin.token,
      campaign.id,
      (c) => c.status === 'paused',
      'the pause for the disabled gateway',
      15_000,
    );
    expect(paused.statusReason).toEqual({
      code: 'GATEWAY_DISABLED',
      params: { gateway: 'Flaky' },
      message: 'The gateway Flaky is disabled: enable it, then resume',
    });
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ queued: GROUPS.undl, total: GROUPS.undl });
    expect(
      (await auditOf(server, campaign.id)).filter((entry) => entry.action === 'campaign.auto_pause').map((entry) => entry.actorId),
    ).toEqual([null]);

    expect((await server.put(`/api/gateways/${flaky}`, { enabled: true }, { token: admin.token })).status).toBe(200);
    // The engine rereads a gateway at most every 2 s; resumed sooner, it still sees it disabled and
    // pauses the campaign again (reported to the lead).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await campaignAction(server, admin.token, campaign.id, 'resume');
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion once enabled');
    expect(await settledCounts(server, admin.token, campaign.id)).toMatchObject({ delivered: GROUPS.undl, total: GROUPS.undl });
  });

  it('skips the messages still queued once the validity has passed (VALIDITY_EXPIRED); resuming then completes', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Short-lived',
      body: 'Hi',
      audience: byTag('valid'),
      gatewayId: gateways.slow,
      validityHours: 1,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.counts.delivered >= 10, 'the first deliveries');
    await campaignAction(server, admin.token, campaign.id, 'pause');
    const before = await settledCounts(server, admin.token, campaign.id);
    expect(before.queued).toBeGreaterThan(0);
    // Launched two hours ago, as far as the validity is concerned: housekeeping (every 5 s) expires the queue.
    await server.database.db.execute(sql`update campaigns set launched_at = launched_at - interval '2 hours' where id = ${campaign.id}`);
    const expired = await waitForCampaign(server, admin.token, campaign.id, (c) => c.counts.queued === 0, 'the queue to expire', 12_000);
    expect(expired.status).toBe('paused');
    expect(expired.counts).toEqual({ ...before, queued: 0, skipped: before.queued });
    await campaignAction(server, admin.token, campaign.id, 'resume');
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion after expiry', 10_000);
    const after = await settledCounts(server, admin.token, campaign.id);
    expect(after).toEqual(expired.counts);
    const skipped = await messageRows(campaign.id, sql`status = 'skipped'`);
    expect(skipped).toHaveLength(before.queued);
    expect(new Set(skipped.map((row) => `${row.error_code}|${row.error_text}|${row.sent_at}`))).toEqual(
      new Set(['VALIDITY_EXPIRED|Not sent within the validity period|null']),
    );
  });
});
