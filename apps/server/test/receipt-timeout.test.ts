import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../src/db/client.ts';
import { readOneCampaignCounts } from '../src/modules/campaigns/index.ts';
import { startHousekeeping } from '../src/modules/messaging/housekeeping.ts';
import { domainEvents } from '../src/sending.ts';
import { expireReceiptWaits } from '../src/modules/messaging/housekeeping.queries.ts';
import { createCampaign, launchCampaign, waitForCampaign } from './campaign-api.ts';
import { configureSimulator, countMessageRows, nonZero, seedContacts, waitFor } from './campaign-fixtures.ts';
import { freshDatabase, startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// Issue 33, item 6 (decision 073): nothing stays 'sent' forever. Past its validity plus a grace a
// message without a receipt becomes 'unknown' (RECEIPT_TIMEOUT), and every figure built on
// "reached" stays as it was.

const TIMEOUT_TEXT = 'No delivery receipt within the validity period';
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;

describe('the receipt-timeout sweep', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const db = () => database.db;

  /** A launched campaign (straight into the table) with messages in the given statuses, sent `hoursAgo`. */
  async function seedCampaign(
    validityHours: number | null,
    launchedHoursAgo: number,
    messages: Array<{ status: string; sentHoursAgo: number }>,
  ): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`insert into campaigns (name, audience, status, validity_hours, launched_at, completed_at)
          values ('Seeded', '{"type":"all"}'::jsonb, 'completed', ${validityHours}, now() - make_interval(hours => ${launchedHoursAgo}), now())
          returning id`,
    );
    const id = row!.id;
    for (const [i, message] of messages.entries()) await seedMessage(id, message.status, message.sentHoursAgo, i);
    return id;
  }
  async function seedMessage(campaignId: string | null, status: string, sentHoursAgo: number, i = 0): Promise<void> {
    await db().execute(
      sql`insert into messages (kind, campaign_id, contact_id, phone, status, sent_at, gateway_id, gateway_message_id)
          values (${campaignId ? 'campaign' : 'api'}, ${campaignId}, ${campaignId ? sql`gen_random_uuid()` : null}, ${phone(i)}, ${status},
                  now() - make_interval(secs => ${sentHoursAgo * 3600}), ${DEFAULT_SIMULATOR_GATEWAY_ID}, gen_random_uuid()::text)`,
    );
  }
  const statuses = async (campaignId: string | null) =>
    queryRows<{ status: string; error_code: string | null; error_text: string | null; hours: number }>(
      db(),
      sql`select status, error_code, error_text, round(extract(epoch from now() - sent_at) / 3600, 1)::float as hours from messages
          where ${campaignId ? sql`campaign_id = ${campaignId}` : sql`campaign_id is null`} order by 4 desc, 1`,
    );
  const unknown = (hours: number) => ({ status: 'unknown', error_code: 'RECEIPT_TIMEOUT', error_text: TIMEOUT_TEXT, hours });
  const untouched = (status: string, hours: number) => ({ status, error_code: null, error_text: null, hours });

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase());
  });
  afterAll(() => dispose?.());

  it('times out what waited past the validity plus an hour, in bounded batches, once, however many sweep at once', async () => {
    // Validity 2 hours, launched 4 hours ago: its wait ended an hour ago, but never before a message's own send + 1 hour.
    const validity = await seedCampaign(2, 4, [
      { status: 'sent', sentHoursAgo: 4 },
      { status: 'sent', sentHoursAgo: 4 },
      { status: 'sent', sentHoursAgo: 3.9 },
      { status: 'sent', sentHoursAgo: 3.8 },
      { status: 'sent', sentHoursAgo: 1.5 },
      { status: 'sent', sentHoursAgo: 0.5 },
      { status: 'delivered', sentHoursAgo: 4 },
      { status: 'undelivered', sentHoursAgo: 4 },
      { status: 'queued', sentHoursAgo: 0 },
    ]);
    // Validity 10 hours from a launch 4 hours ago: nothing to do yet.
    const longValidity = await seedCampaign(10, 4, [{ status: 'sent', sentHoursAgo: 4 }]);
    // No validity: 48 hours from each message's send, plus the hour.
    const noValidity = await seedCampaign(null, 50, [
      { status: 'sent', sentHoursAgo: 50 },
      { status: 'sent', sentHoursAgo: 49.5 },
      { status: 'sent', sentHoursAgo: 48.5 },
    ]);
    // One-offs (integration API messages): 48 hours plus the hour too.
    await seedMessage(null, 'sent', 50);
    await seedMessage(null, 'sent', 48.5);
    await seedMessage(null, 'delivered', 60);

    // At most `batch` rows a statement and `maxRows` a call (the one-off, then a campaign's first two).
    expect(await expireReceiptWaits(db(), { batch: 2, maxRows: 3 })).toBe(3);
    // The rest by sweeps running at once (PostgreSQL: on separate connections), each message once.
    const done = await Promise.all([1, 2, 3].map(() => expireReceiptWaits(db(), { batch: 2 })));
    expect(done.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await expireReceiptWaits(db())).toBe(0);

    expect(await statuses(validity)).toEqual([
      untouched('delivered', 4),
      untouched('undelivered', 4),
      unknown(4),
      unknown(4),
      unknown(3.9),
      unknown(3.8),
      unknown(1.5),
      untouched('sent', 0.5),
      untouched('queued', 0),
    ]);
    expect(await statuses(longValidity)).toEqual([untouched('sent', 4)]);
    expect(await statuses(noValidity)).toEqual([unknown(50), unknown(49.5), untouched('sent', 48.5)]);
    expect(await statuses(null)).toEqual([untouched('delivered', 60), unknown(50), untouched('sent', 48.5)]);

    // The counters moved with the rows (the triggers count 'unknown' like any status).
    for (const id of [validity, longValidity, noValidity]) {
      const rows = await queryRows<{ status: string; n: number }>(
        db(),
        sql`select status, count(*)::int as n from messages where campaign_id = ${id} group by status`,
      );
      expect(nonZero({ ...(await readOneCampaignCounts(db(), id)), replied: 0 })).toEqual(
        Object.fromEntries(rows.map((row) => [row.status, row.n])),
      );
    }
  });

  it('runs once a minute in every worker: the 60th housekeeping tick', async () => {
    await seedMessage(null, 'sent', 72, 99);
    const realSetInterval = globalThis.setInterval;
    let tick: (() => void) | undefined;
    const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((callback: () => void) => {
      tick = callback;
      return realSetInterval(() => {}, 3_600_000);
    }) as unknown as typeof setInterval);
    const housekeeping = startHousekeeping({ database, logger: { error: () => {} } as never, events: domainEvents(), onWork: () => {} });
    spy.mockRestore();
    const timedOut = async () =>
      (
        await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from messages where phone = ${phone(99)} and status = 'unknown'`)
      )[0]?.n === 1;
    try {
      let ticks = 0;
      while (!(await timedOut()) && ticks < 400) {
        tick?.();
        ticks += 1;
        // A tick that is still running when the next comes skips it, so a skipped call counts no tick.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await timedOut()).toBe(true);
      expect(ticks).toBeGreaterThanOrEqual(60);
    } finally {
      await housekeeping.stop();
    }
  });
});

describe('figures after a receipt timeout', () => {
  let server: TestServer;
  let admin: TestAccount;
  let receiver: WebhookReceiver;
  let withValidity: string;
  let withoutValidity: string;
  const apiIds: string[] = [];
  const before = new Map<string, any>();

  const get = async (path: string) => {
    const response = await server.get(path, { token: admin.token });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const messageIdOf = async (campaignId: string, i: number) =>
    (
      await queryRows<{ gateway_message_id: string }>(
        server.database.db,
        sql`select gateway_message_id from messages where campaign_id = ${campaignId} and phone = ${phone(i)}`,
      )
    )[0]!.gateway_message_id;
  const receipt = async (campaignId: string, i: number, status: 'delivered' | 'undelivered') => {
    await server.engine!.receipts(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: await messageIdOf(campaignId, i), status, at: new Date() },
    ]);
  };
  let inboundSeq = 0;
  const reply = async (i: number, text: string) => {
    await server.engine!.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: `timeout-reply-${++inboundSeq}`, from: phone(i), to: 'ACME', body: text, receivedAt: new Date() },
    ]);
  };
  const statusOf = async (campaignId: string, i: number) =>
    (
      await queryRows<{ status: string }>(
        server.database.db,
        sql`select status from messages where campaign_id = ${campaignId} and phone = ${phone(i)}`,
      )
    )[0]?.status;
  const waitForStatus = (campaignId: string, i: number, status: string) =>
    waitFor(async () => ((await statusOf(campaignId, i)) === status ? true : undefined), 10_000, `${phone(i)} ${status}`);
  /** Moves a campaign and its messages `hours` back in time (the launch, every message time). */
  const moveBack = async (campaignId: string, hours: number) => {
    const back = sql`make_interval(hours => ${hours})`;
    await server.database.db.execute(sql`update campaigns set launched_at = launched_at - ${back}, completed_at = completed_at - ${back}
      where id = ${campaignId}`);
    await server.database.db.execute(sql`update messages set queued_at = queued_at - ${back}, claimed_at = claimed_at - ${back},
      sent_at = sent_at - ${back}, delivered_at = delivered_at - ${back}, failed_at = failed_at - ${back}, replied_at = replied_at - ${back}
      where campaign_id = ${campaignId}`);
  };
  const sentAt = (where: ReturnType<typeof sql>, hoursAgo: number) =>
    server.database.db.execute(sql`update messages set sent_at = now() - make_interval(secs => ${hoursAgo * 3600}) where ${where}`);

  /** Every figure built on "reached" that a screen shows for a campaign. */
  async function figures(campaignId: string) {
    const progress = await get(`/api/campaigns/${campaignId}/progress`);
    const row = (await get('/api/reports/campaigns')).data.find((candidate: { id: string }) => candidate.id === campaignId);
    const delivery = await get(`/api/reports/delivery/${campaignId}`);
    const tag1 = await get(`/api/reports/tag1-grouped/${campaignId}`);
    const nonResponders = await get(`/api/reports/non-responders/${campaignId}?limit=100`);
    const followUp = await server.post(
      '/api/campaigns/audience-preview',
      { audience: { type: 'non_responders', campaignId } },
      { token: admin.token },
    );
    // A segment's "did not reply to" condition: the same non-responders.
    const segment = await server.post(
      '/api/campaigns/audience-preview',
      { audience: { type: 'filter', filter: { conditions: { notRepliedTo: campaignId } } } },
      { token: admin.token },
    );
    return {
      campaignPage: progress.replies,
      reportsList: {
        recipients: row.recipients,
        sent: row.sent,
        delivered: row.delivered,
        failed: row.failed,
        replied: row.replied,
        notReplied: row.notReplied,
        deliveredPct: row.deliveredPct,
        repliedPct: row.repliedPct,
      },
      delivery: { recipients: delivery.recipients, replied: delivery.replied, repliedPct: delivery.repliedPct },
      tag1: { groups: tag1.groups, totals: tag1.totals },
      nonResponders: {
        total: nonResponders.total,
        tag1Counts: nonResponders.tag1Counts,
        ids: nonResponders.data.map((entry: { messageId: number }) => entry.messageId).sort(),
      },
      followUpAudience: followUp.body.count,
      segmentAudience: segment.body.count,
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    // Receipts come ten minutes after the send: within the test, as after a dead bind, never.
    await configureSimulator(server, admin.token, { receiptDelayMinMs: 600_000, receiptDelayMaxMs: 600_000 });
    receiver = await startReceiver(0);
    expect((await server.post('/api/webhooks', { url: receiver.url, events: ['message.status'] }, { token: admin.token })).status).toBe(
      201,
    );
    await seedContacts(server, 12);

    // Each campaign: 1 and 2 delivered, 3 undelivered, one reply (a reply proves delivery), the rest waiting.
    const send = async (name: string, validityHours: number | null, replier: number) => {
      const campaign = await createCampaign(server, admin.token, { name, body: 'Are you coming? Reply YES', validityHours });
      await launchCampaign(server, admin.token, campaign.id);
      await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed' && c.counts.sent === 12, `${name} sent`);
      await receipt(campaign.id, 1, 'delivered');
      await receipt(campaign.id, 2, 'delivered');
      await receipt(campaign.id, 3, 'undelivered');
      await reply(replier, 'YES');
      for (const [i, status] of [
        [1, 'delivered'],
        [2, 'delivered'],
        [3, 'undelivered'],
        [replier, 'delivered'],
      ] as const)
        await waitForStatus(campaign.id, i, status);
      return campaign.id;
    };
    withValidity = await send('Validity 2 h', 2, 4);
    withoutValidity = await send('No validity', null, 5);

    const key = (await server.post('/api/api-keys', { name: 'Timeouts', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
    for (const to of ['+447400556001', '+447400556002']) {
      const sent = await server.post('/api/v1/messages', { to, body: 'Your code is 1234' }, { token: key });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      apiIds.push(sent.body.id);
    }
    await waitFor(
      async () => {
        const rows = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from messages where kind = 'api' and status = 'sent'`,
        );
        return rows[0]?.n === 2 ? true : undefined;
      },
      10_000,
      'the API messages sent',
    );

    for (const id of [withValidity, withoutValidity]) before.set(id, await figures(id));

    // Validity 2 hours, launched 4 hours ago: its wait ended an hour ago. Message 6 was sent 90
    // minutes ago (its wait ended 30 minutes ago), message 7 30 minutes ago (30 minutes left).
    await moveBack(withValidity, 4);
    await sentAt(sql`campaign_id = ${withValidity} and phone = ${phone(6)}`, 1.5);
    await sentAt(sql`campaign_id = ${withValidity} and phone = ${phone(7)}`, 0.5);
    // No validity: 48 hours from the send plus the hour; message 7 was sent 47 hours ago.
    await moveBack(withoutValidity, 50);
    await sentAt(sql`campaign_id = ${withoutValidity} and phone = ${phone(7)}`, 47);
    await sentAt(sql`id = ${apiIds[0]}`, 50);
    await sentAt(sql`id = ${apiIds[1]}`, 47);
    // The engine's own housekeeping does this once a minute; here now.
    await expireReceiptWaits(server.database.db);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('turns the messages past their wait into unknown, with RECEIPT_TIMEOUT, and leaves the others', async () => {
    const rows = await queryRows<{
      campaign_id: string | null;
      phone: string;
      status: string;
      error_code: string | null;
      error_text: string | null;
    }>(
      server.database.db,
      sql`select campaign_id, phone, status, error_code, error_text from messages order by campaign_id nulls last, phone`,
    );
    const of = (campaignId: string | null) =>
      Object.fromEntries(rows.filter((row) => row.campaign_id === campaignId).map((row) => [row.phone.slice(-2), row.status]));
    const unknownAt = (numbers: number[]) => Object.fromEntries(numbers.map((i) => [String(i).padStart(2, '0'), 'unknown']));
    expect(of(withValidity)).toEqual({
      '01': 'delivered',
      '02': 'delivered',
      '03': 'undelivered',
      '04': 'delivered',
      '07': 'sent',
      ...unknownAt([5, 6, 8, 9, 10, 11, 12]),
    });
    expect(of(withoutValidity)).toEqual({
      '01': 'delivered',
      '02': 'delivered',
      '03': 'undelivered',
      '05': 'delivered',
      '07': 'sent',
      ...unknownAt([4, 6, 8, 9, 10, 11, 12]),
    });
    expect(of(null)).toEqual({ '01': 'unknown', '02': 'sent' });
    for (const row of rows.filter((candidate) => candidate.status === 'unknown'))
      expect(row).toMatchObject({ error_code: 'RECEIPT_TIMEOUT', error_text: TIMEOUT_TEXT });
    // Through the API too: the message as staff and integrations read it.
    const message = await server.get(`/api/messages/${apiIds[0]}`, { token: admin.token });
    expect(message.body.message).toMatchObject({ status: 'unknown', errorCode: 'RECEIPT_TIMEOUT', errorText: TIMEOUT_TEXT });
  });

  it('changes no count of reached, replied, non-responders or response rate on any screen', async () => {
    for (const id of [withValidity, withoutValidity]) expect(await figures(id)).toEqual(before.get(id));
    // 12 recipients: 11 reached (3 undelivered is not), 1 replied, 10 non-responders.
    expect(before.get(withValidity)).toMatchObject({ followUpAudience: 10, segmentAudience: 10, nonResponders: { total: 10 } });
    expect(before.get(withValidity).campaignPage).toEqual({
      recipients: 12,
      reached: 11,
      notReached: 1,
      replied: 1,
      notReplied: 10,
      responseRate: 8.3,
      optedOut: 0,
    });
  });

  it('shows the unknown messages in the counters, the delivery report, its table and its export', async () => {
    for (const id of [withValidity, withoutValidity]) {
      const { campaign } = await get(`/api/campaigns/${id}`);
      expect(campaign.counts).toMatchObject({ sent: 1, delivered: 3, undelivered: 1, unknown: 7, total: 12 });
      expect(nonZero(campaign.counts)).toEqual({ ...(await countMessageRows(server, id)), replied: 1 });
      const delivery = await get(`/api/reports/delivery/${id}`);
      expect(delivery.byStatus.find((entry: { status: string }) => entry.status === 'unknown')).toEqual({
        status: 'unknown',
        n: 7,
        pct: 58.3,
      });
      expect(delivery.errors).toContainEqual({ errorCode: 'RECEIPT_TIMEOUT', errorText: TIMEOUT_TEXT, n: 7 });
      const table = await get(`/api/reports/delivery/${id}/recipients?status=unknown&limit=100`);
      expect(table.total).toBe(7);
      expect(table.data.every((entry: any) => entry.status === 'unknown' && entry.errorCode === 'RECEIPT_TIMEOUT')).toBe(true);
      const file = await server.get(`/api/reports/delivery/${id}/recipients/export?format=csv&status=unknown`, { token: admin.token });
      expect(file.status).toBe(200);
      expect(String(file.body).match(new RegExp(`,unknown,RECEIPT_TIMEOUT,${TIMEOUT_TEXT},`, 'g'))).toHaveLength(7);
    }
    const { last7Days } = (await get('/api/dashboard')).messages;
    // The two campaigns' and the integration API message's.
    expect(last7Days.counts.unknown).toBe(15);
  });

  it('tells webhooks: message.status with status unknown', async () => {
    const event = await waitFor(
      async () =>
        receiver.received.find(
          (m) => m.event.type === 'message.status' && m.event.data.id === apiIds[0] && m.event.data.status === 'unknown',
        ),
      20_000,
      'the unknown status event',
    );
    expect(event.event.data).toMatchObject({ to: '+447400556001', status: 'unknown', errorCode: 'RECEIPT_TIMEOUT' });
    expect(receiver.received.some((m) => m.event.data.id === apiIds[1] && m.event.data.status === 'unknown')).toBe(false);
  });

  it('moves on with a late receipt or a reply: a late delivery and a reply keep it reached, a late failure does not', async () => {
    await receipt(withValidity, 8, 'delivered');
    await receipt(withValidity, 9, 'undelivered');
    // The latest message to contact 10 is the first campaign's (sent 4 hours ago, unknown): the reply delivers it.
    await reply(10, 'YES');
    await waitForStatus(withValidity, 8, 'delivered');
    await waitForStatus(withValidity, 9, 'undelivered');
    await waitForStatus(withValidity, 10, 'delivered');
    expect((await figures(withValidity)).campaignPage).toEqual({
      recipients: 12,
      reached: 10,
      notReached: 2,
      replied: 2,
      notReplied: 8,
      responseRate: 16.7,
      optedOut: 0,
    });
    expect(await figures(withoutValidity)).toEqual(before.get(withoutValidity));
  });
});
