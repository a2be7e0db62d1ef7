import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { createCampaign, launchCampaign, settledCounts, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `opt-out-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(),
});

/** A campaign's opt-outs as each screen that shows them reads them. */
type Figures = Record<string, number>;

/**
 * A campaign's opt-outs are the recipients who opted out in answer to it (reply-figures.ts;
 * decision 083), on every page that shows them, and no later campaign moves them. Three campaigns
 * to overlapping audiences (all contacts, all again, the north ones), with STOP replies after
 * each; issue 37 saw the first campaign's figure grow from 11 to 18 to 21 as later campaigns drew
 * theirs. Each reading is taken as a later visit would be, a minute on (Date.now moved past every
 * per-process cache's age), so a figure that moved cannot hide in a cache.
 */
describe("a campaign's opt-outs", () => {
  let server: TestServer;
  let admin: TestAccount;
  const ids: Record<'first' | 'second' | 'third', string> = { first: '', second: '', third: '' };
  /** What each reading saw, per campaign, in order. */
  const readings: Array<{ after: string; campaigns: Record<string, Figures>; dashboard: number }> = [];
  let later = 0;

  const get = async (path: string) => {
    const response = await server.get(path, { token: admin.token });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const receive = (...messages: Array<[number, string]>) =>
    server.engine?.inbound(
      DEFAULT_SIMULATOR_GATEWAY_ID,
      messages.map(([i, body]) => inbound(phone(i), body)),
    );
  const send = async (name: string, audience: unknown) => {
    const campaign = await createCampaign(server, admin.token, { name, body: 'Open day on Saturday. Reply STOP to opt out', audience });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', `${name} to complete`);
    await settledCounts(server, admin.token, campaign.id);
    return campaign.id;
  };
  /** The campaign's opt-outs on the reports list (both orders), delivery and tag1 reports, campaign page and list. */
  const figuresOf = async (id: string): Promise<Figures> => {
    const row = (list: any) => list.data.find((candidate: { id: string }) => candidate.id === id);
    const tag1 = await get(`/api/reports/tag1-grouped/${id}`);
    return {
      reportsList: row(await get('/api/reports/campaigns?limit=100')).optedOut,
      reportsListByOptOuts: row(await get('/api/reports/campaigns?sort=optedOut&limit=100')).optedOut,
      deliveryReport: (await get(`/api/reports/delivery/${id}`)).optedOut,
      tag1Totals: tag1.totals.optedOut,
      tag1Groups: tag1.groups.reduce((sum: number, group: { optedOut: number }) => sum + group.optedOut, 0),
      campaignPage: (await get(`/api/campaigns/${id}`)).campaign.counts.optedOut,
      campaignProgress: (await get(`/api/campaigns/${id}/progress`)).replies.optedOut,
      campaignsList: row(await get('/api/campaigns?limit=100')).counts.optedOut,
    };
  };
  const read = async (after: string, sent: string[]) => {
    later += 61_000;
    const campaigns: Record<string, Figures> = {};
    for (const id of sent) campaigns[id] = await figuresOf(id);
    const dashboard = (await get('/api/dashboard')).messages.last7Days.counts.optedOut;
    readings.push({ after, campaigns, dashboard });
  };
  /** Everywhere the same figure. */
  const everywhere = (n: number): Figures => ({
    reportsList: n,
    reportsListByOptOuts: n,
    deliveryReport: n,
    tag1Totals: n,
    tag1Groups: n,
    campaignPage: n,
    campaignProgress: n,
    campaignsList: n,
  });

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    // 12 contacts: even numbers north, odd ones south.
    await seedContacts(server, 12);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + later);

    ids.first = await send('Open day', { type: 'all' });
    // 1 and 2 opt out in answer to the first.
    await receive([1, 'STOP'], [2, 'stop.']);
    await read('first', [ids.first]);

    // The second reaches the 10 still subscribed: 3 and 4 opt out, 5 answers, then opts out too.
    ids.second = await send('Open day reminder', { type: 'all' });
    await receive([3, 'STOP'], [4, 'Unsubscribe'], [5, 'YES']);
    await receive([5, 'STOP']);
    await read('second', [ids.first, ids.second]);

    // The third reaches the north ones still subscribed (6, 8, 10, 12): 6 and 8 opt out. Contact 1
    // opts back in: the first campaign's figure keeps the answer it got.
    ids.third = await send('Open day: last call', { type: 'filter', filter: { tag1: 'north' } });
    await receive([6, 'STOP'], [8, 'STOP'], [1, 'START']);
    await read('third', [ids.first, ids.second, ids.third]);
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  it('never move because of a later campaign, and are the same on every page', () => {
    const expected = { first: everywhere(2), second: everywhere(3), third: everywhere(2) };
    expect(readings).toEqual([
      { after: 'first', campaigns: { [ids.first]: expected.first }, dashboard: 2 },
      { after: 'second', campaigns: { [ids.first]: expected.first, [ids.second]: expected.second }, dashboard: 5 },
      {
        after: 'third',
        campaigns: { [ids.first]: expected.first, [ids.second]: expected.second, [ids.third]: expected.third },
        dashboard: 7,
      },
    ]);
  });

  it('are the recipients whose opt-out keyword was matched to one of its messages, each once', async () => {
    // From the inbound rows and the reply matching alone (decision 029), not from the counters.
    const matched = await queryRows<{ campaign_id: string; n: number }>(
      server.database.db,
      sql`select m.campaign_id, count(distinct m.id)::int as n
          from inbound_messages i join messages m on m.id = i.reply_to_message_id
          where upper(regexp_replace(i.body, '[.!?]+$', '')) in ('STOP', 'UNSUBSCRIBE')
          group by m.campaign_id`,
    );
    expect(Object.fromEntries(matched.map((row) => [row.campaign_id, row.n]))).toEqual({
      [ids.first]: 2,
      [ids.second]: 3,
      [ids.third]: 2,
    });
    // Contact 5 answered YES first: its reply word stays YES, its opt-out counts all the same.
    const [five] = await queryRows<{ reply_word: string; opted_out: boolean }>(
      server.database.db,
      sql`select reply_word, opted_out_at is not null as opted_out from messages where campaign_id = ${ids.second} and phone = ${phone(5)}`,
    );
    expect(five).toEqual({ reply_word: 'YES', opted_out: true });
  });
});
