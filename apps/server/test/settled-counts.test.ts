import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign, settledCounts } from './campaign-api.ts';
import { seedContacts } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';

/**
 * The helper most campaign tests stand on. Without an engine, a launched campaign is what a busy
 * engine's looks like for a moment: 'sending', its audience not fanned out, every count 0 and still.
 * Settled it is not: the report tests once compared figures read while they were still moving.
 */
describe('settledCounts', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    await seedContacts(server, 3);
  });
  afterAll(() => server?.close());

  it('does not take a launched campaign the engine has not fanned out for settled', async () => {
    const campaign = await createCampaign(server, admin.token, { name: 'Not yet', body: 'Hi', audience: { type: 'all' } });
    expect((await launchCampaign(server, admin.token, campaign.id)).status).toBe('sending');
    await expect(settledCounts(server, admin.token, campaign.id, 1_500)).rejects.toThrow('timed out waiting for the counters to settle');
  });
});
