import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { netSmppInstalled, startNetSmppSmsc, type NetSmppSmsc } from '../../../test/net-smpp-smsc.ts';

// CI installs Net::SMPP (.ci/run) and must run these; a developer's machine without it skips them, saying so.
const runnable = netSmppInstalled() || process.env.CI === 'true';
if (!runnable) console.info('replies-net-smpp.test.ts: skipped: Perl Net::SMPP is missing (apt-get install libnet-smpp-perl)');

/** Recipients, and every K-th of them answers YES at once. */
const N = 600;
const K = 10;

/** Polls `read` until `done` holds or `timeoutMs` passes; answers the last value either way (the assertions then say what is wrong). */
async function settle<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Replies and receipts against an SMSC built on another SMPP implementation (Perl's Net::SMPP,
 * test/net-smpp-smsc.pl): every K-th recipient answers YES right after its submit_sm_resp or just
 * before it, receipts come shuffled (some before their submit_sm_resp), and the worker's clock is
 * off the database's by up to 5 s either way. Every reply must count for the message it answers.
 */
describe.skipIf(!runnable).each([
  { skewMs: 0, clock: 'the database clock' },
  { skewMs: 5_000, clock: 'a clock 5 s ahead of the database' },
  { skewMs: -5_000, clock: 'a clock 5 s behind the database' },
])('replies from a Net::SMPP SMSC, worker on $clock', ({ skewMs }) => {
  let smsc: NetSmppSmsc;
  let server: TestServer;
  let admin: TestAccount;
  let campaignId: string;

  beforeAll(async () => {
    smsc = await startNetSmppSmsc({ replyEvery: K, seed: 7 + skewMs });
    server = await startTestServer({ engine: { batchSize: 200, lanes: 2 }, clock: () => Date.now() + skewMs });
    admin = await server.createAdmin();
    const gateway = await server.post(
      '/api/gateways',
      {
        name: 'Net::SMPP SMSC',
        kind: 'smpp',
        config: { host: '127.0.0.1', port: smsc.port, systemId: smsc.credentials.systemId, windowSize: 50 },
        secrets: { password: smsc.credentials.password },
      },
      { token: admin.token },
    );
    expect(gateway.status, JSON.stringify(gateway.body)).toBe(201);
    await seedContacts(server, N);
    const created = await server.post(
      '/api/campaigns',
      { name: 'Are you safe?', body: 'Are you safe, {{first_name}}? Reply YES', gatewayId: gateway.body.gateway.id },
      { token: admin.token },
    );
    campaignId = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token })).status).toBe(200);
    // Sent, every receipt in, every answer stored and processed.
    await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${campaignId}`, { token: admin.token });
        return body.campaign.status === 'completed' && body.campaign.counts.delivered === N ? true : undefined;
      },
      40_000,
      'every recipient delivered',
    );
    await waitFor(
      async () => {
        const [row] = await queryRows<{ stored: number; processed: number }>(
          server.database.db,
          sql`select count(*)::int as stored, count(processed_at)::int as processed from inbound_messages`,
        );
        return row?.stored === N / K && row.processed === N / K ? true : undefined;
      },
      20_000,
      'every answer stored',
    );
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    const summary = await smsc?.close();
    expect(summary).toMatchObject({ submits: N, replies: N / K });
  });

  it('counts every answer for its message: replied, YES, non-responders and conversations exact', async () => {
    const tag1 = await settle(
      async () => (await server.get(`/api/reports/tag1-grouped/${campaignId}`, { token: admin.token })).body,
      (body) => body.totals.replied === N / K,
      10_000,
    );
    expect(tag1.totals).toMatchObject({
      recipients: N,
      replied: N / K,
      notReplied: N - N / K,
      replyWords: [{ word: 'YES', n: N / K }],
      other: 0,
    });
    const nonResponders = await server.get(`/api/reports/non-responders/${campaignId}?limit=1`, { token: admin.token });
    expect(nonResponders.body.total).toBe(N - N / K);
    const campaign = await server.get(`/api/campaigns/${campaignId}`, { token: admin.token });
    expect(campaign.body.campaign.counts.replied).toBe(N / K);
    const conversations = await server.get('/api/inbox/conversations?limit=1', { token: admin.token });
    expect(conversations.body.total).toBe(N / K);
    const [links] = await queryRows<{ matched: number; answered: number }>(
      server.database.db,
      sql`select count(i.reply_to_message_id)::int as matched, count(distinct i.reply_to_message_id)::int as answered from inbound_messages i`,
    );
    expect(links).toEqual({ matched: N / K, answered: N / K });
  });

  it('orders every message sent <= delivered <= replied', async () => {
    const [row] = await queryRows<{ disordered: number; delivered: number; replied: number }>(
      server.database.db,
      sql`select count(*) filter (where delivered_at < sent_at or replied_at < delivered_at or replied_at < sent_at)::int as disordered,
                 count(delivered_at)::int as delivered, count(replied_at)::int as replied
          from messages where campaign_id = ${campaignId}`,
    );
    expect(row).toEqual({ disordered: 0, delivered: N, replied: N / K });
  });
});
