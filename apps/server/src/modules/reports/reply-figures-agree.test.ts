import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmppPeer, type SmppPeer } from '../../../test/smpp-peer.ts';

const CONTACTS = 60;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;

/**
 * One definition per figure: recipients, replied, not replied (= non-responders) and the response
 * rate of one campaign as the tag1 report, the non-responders report, the campaign page, the
 * reports list, the delivery report and the dashboard show them, on a campaign with everything
 * that could pull them apart: opted-out contacts (before launch and by replying STOP), numbers the
 * SMSC refuses, an undelivered message whose recipient answers anyway, a second answer, a reply
 * after the campaign ended, and one after the reply window.
 */
describe('reply figures agree on every screen', () => {
  let peer: SmppPeer;
  let server: TestServer;
  let admin: TestAccount;
  let campaignId: string;
  const get = async (path: string) => {
    const response = await server.get(path, { token: admin.token });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const answer = async (i: number, text: string) => {
    const before = await inboundCount();
    await peer.sendMo({ from: phone(i), to: 'ACME', text });
    await waitFor(async () => ((await inboundCount()) > before ? true : undefined), 10_000, `the answer of ${phone(i)} stored`);
  };
  const inboundCount = async () =>
    (await queryRows<{ n: number }>(server.database.db, sql`select count(processed_at)::int as n from inbound_messages`))[0]?.n ?? 0;

  beforeAll(async () => {
    peer = await startSmppPeer({
      errors: { [phone(5)]: 'ESME_RINVDSTADR', [phone(6)]: 'ESME_RINVDSTADR' },
      receiptStat: (submit) => ([phone(7), phone(8)].includes(submit.destination) ? 'UNDELIV' : 'DELIVRD'),
    });
    server = await startTestServer({ engine: { batchSize: 25, lanes: 2 } });
    admin = await server.createAdmin();
    const gateway = await server.post(
      '/api/gateways',
      {
        name: 'SMSC',
        kind: 'smpp',
        config: { host: '127.0.0.1', port: peer.port, systemId: peer.credentials.systemId },
        secrets: { password: peer.credentials.password },
      },
      { token: admin.token },
    );
    await seedContacts(server, CONTACTS);
    // Opted out before the launch: not recipients at all.
    await server.database.db.execute(
      sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'keyword' where phone = any(${sql.param([phone(58), phone(59), phone(60)])}::text[])`,
    );
    const created = await server.post(
      '/api/campaigns',
      { name: 'Roll call', body: 'Are you safe? Reply YES or NO', gatewayId: gateway.body.gateway.id, replyWindowHours: 1 },
      { token: admin.token },
    );
    campaignId = created.body.campaign.id;
    await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token });
    await waitFor(
      async () => {
        const { campaign } = await get(`/api/campaigns/${campaignId}`);
        return campaign.status === 'completed' && campaign.counts.sent === 0 ? true : undefined;
      },
      30_000,
      'the campaign completed with every receipt in',
    );
    for (const [i, text] of [
      [1, 'YES'],
      [2, 'yes!'],
      [3, 'Yes please'],
      [4, 'NO'],
      [7, 'YES'],
      [9, 'STOP'],
      [10, 'YES'],
      [10, 'NO thanks'],
    ] as const)
      await answer(i, text);
    // The reports have been read (and their aggregates cached) before the late answer.
    await get(`/api/reports/tag1-grouped/${campaignId}`);
    await answer(11, 'Sorry, late: YES');
    // Contact 12's message was sent two hours ago: its answer is outside the one-hour window.
    await server.database.db
      .execute(sql`update messages set sent_at = sent_at - interval '2 hours', delivered_at = delivered_at - interval '2 hours'
      where campaign_id = ${campaignId} and phone = ${phone(12)}`);
    await answer(12, 'YES');
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('shows the same recipients, replied, not replied and response rate everywhere, equal to the rows', async () => {
    const [rows] = await queryRows<{ recipients: number; reached: number; replied: number; non_responders: number }>(
      server.database.db,
      sql`select count(*)::int as recipients, count(*) filter (where status in ('sent', 'delivered'))::int as reached,
                 count(replied_at)::int as replied, count(*) filter (where status in ('sent', 'delivered') and replied_at is null)::int as non_responders
          from messages where campaign_id = ${campaignId}`,
    );
    // 57 recipients; 5 and 6 refused, 8 undelivered (7 answered: delivered after all); replies from
    // 1, 2, 3, 4, 7, 9 (STOP), 10 (twice, once counted) and 11 (late); 12 outside the window.
    expect(rows).toEqual({ recipients: 57, reached: 54, replied: 8, non_responders: 46 });
    const expected = { recipients: 57, replied: 8, notReplied: 46, responseRate: 14 };

    const tag1 = await get(`/api/reports/tag1-grouped/${campaignId}`);
    expect(tag1.totals).toMatchObject(expected);
    const groups = tag1.groups as Array<{ recipients: number; replied: number; notReplied: number }>;
    expect(groups.reduce((sum, g) => sum + g.notReplied, 0)).toBe(expected.notReplied);
    const nonResponders = await get(`/api/reports/non-responders/${campaignId}?limit=1`);
    expect(nonResponders.total).toBe(expected.notReplied);
    expect(nonResponders.tag1Counts.reduce((sum: number, t: { n: number }) => sum + t.n, 0)).toBe(expected.notReplied);
    const progress = await get(`/api/campaigns/${campaignId}/progress`);
    // 9's STOP answered this campaign: its one opt-out (campaign-opt-outs.test.ts checks them everywhere).
    expect(progress.replies).toEqual({ ...expected, reached: 54, notReached: 3, optedOut: 1 });
    // Finished: the average rate over its run (handed to the gateway: 55 of 57, the refused 2 not).
    const { campaign } = await get(`/api/campaigns/${campaignId}`);
    const seconds = (Date.parse(campaign.completedAt) - Date.parse(campaign.launchedAt)) / 1000;
    expect(progress.averageRatePerSecond).toBe(Math.round((55 / seconds) * 10) / 10);
    const list = await get('/api/reports/campaigns');
    const row = list.data.find((candidate: { id: string }) => candidate.id === campaignId);
    expect({ recipients: row.recipients, replied: row.replied, notReplied: row.notReplied, responseRate: row.repliedPct }).toEqual(
      expected,
    );
    const delivery = await get(`/api/reports/delivery/${campaignId}`);
    expect({ recipients: delivery.recipients, replied: delivery.replied, responseRate: delivery.repliedPct }).toEqual({
      recipients: 57,
      replied: 8,
      responseRate: 14,
    });
    // The last 7 days rather than today: a run across midnight stays in the window.
    const { last7Days } = (await get('/api/dashboard')).messages;
    expect({ recipients: last7Days.counts.total, replied: last7Days.counts.replied, responseRate: last7Days.responseRate }).toEqual({
      recipients: 57,
      replied: 8,
      responseRate: 14,
    });
  });

  it('counts the answer of an undelivered message as delivered, and the first of two answers', async () => {
    const messages = await queryRows<{ phone: string; status: string; reply_text: string | null }>(
      server.database.db,
      sql`select phone, status, reply_text from messages where campaign_id = ${campaignId} and phone = any(${sql.param([phone(7), phone(8), phone(10), phone(12)])}::text[]) order by phone`,
    );
    expect(messages).toEqual([
      { phone: phone(7), status: 'delivered', reply_text: 'YES' },
      { phone: phone(8), status: 'undelivered', reply_text: null },
      { phone: phone(10), status: 'delivered', reply_text: 'YES' },
      { phone: phone(12), status: 'delivered', reply_text: null },
    ]);
  });
});
