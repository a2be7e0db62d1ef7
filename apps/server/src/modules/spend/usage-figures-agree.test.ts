import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/**
 * One definition per figure (contracts reply-figures.ts): the usage page's delivered, replied and
 * opted-out figures are the reports page's for the same campaigns, on campaigns through the
 * simulator with deliveries, refusals, undelivered messages and replies (STOP among them). The
 * failing first run of this test found the usage page counting STOP confirmations: they are
 * messages too (decision 109), so the comparison is on campaign messages alone.
 */
describe('usage and reports agree', () => {
  let server: TestServer;
  let admin: TestAccount;
  const get = async (path: string) => {
    const response = await server.get(path, { token: admin.token });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body;
  };
  const reportTotals = async () => {
    const rows = (await get('/api/reports/campaigns?limit=100')).data as any[];
    return {
      campaigns: rows.length,
      delivered: rows.reduce((sum, row) => sum + row.delivered, 0),
      replied: rows.reduce((sum, row) => sum + row.replied, 0),
      optedOut: rows.reduce((sum, row) => sum + row.optedOut, 0),
    };
  };

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {
      failureRate: 0.15,
      undeliveredRate: 0.15,
      replyRate: 0.5,
      replyDelayMinMs: 0,
      replyDelayMaxMs: 300,
    });
    // Only the campaigns' messages: no confirmation answers a STOP (the usage page counts every
    // message sent, those too; the reports count campaigns).
    const quiet = await server.put('/api/settings/messaging', { optOutReply: '', optInReply: '', helpReply: '' }, { token: admin.token });
    expect(quiet.status).toBe(200);
    await seedContacts(server, 40);
    for (const name of ['Morning', 'Evening']) {
      const created = await server.post(
        '/api/campaigns',
        { name, body: `${name} news`, audience: { type: 'all' } },
        { token: admin.token },
      );
      const id = created.body.campaign.id;
      expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);
      await waitFor(
        async () => {
          const { campaign } = await get(`/api/campaigns/${id}`);
          return campaign.status === 'completed' && campaign.counts.sent === 0 ? true : undefined;
        },
        30_000,
        `${name} completed with every receipt in`,
      );
    }
    // The replies come within 300 ms of each message: wait until the figures stop moving.
    let last = '';
    await waitFor(
      async () => {
        const now = JSON.stringify(await reportTotals());
        const still = now === last;
        last = now;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return still ? true : undefined;
      },
      30_000,
      'the replies to settle',
    );
  }, 120_000);
  afterAll(() => server?.close());

  it('shows the same delivered, replied and opted-out figures on the usage page as the reports sum for the campaigns', async () => {
    const reports = await reportTotals();
    expect(reports.campaigns).toBe(2);
    // Everything happened: some delivered, some replied, and not all delivered (refused or undelivered).
    expect(reports.delivered).toBeGreaterThan(0);
    expect(reports.delivered).toBeLessThan(80);
    expect(reports.replied).toBeGreaterThan(0);
    for (const period of ['day', 'week', 'month']) {
      const usage = await get(`/api/usage?period=${period}`);
      expect(usage.total, period).toMatchObject({ delivered: reports.delivered, replied: reports.replied, optedOut: reports.optedOut });
      const series = usage.series as any[];
      expect(series.reduce((sum, bucket) => sum + bucket.delivered, 0)).toBe(reports.delivered);
      expect(series.reduce((sum, bucket) => sum + bucket.replied, 0)).toBe(reports.replied);
    }
  });
});
