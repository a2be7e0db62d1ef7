import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSimulator, createCampaign, launchCampaign, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startNotificationSweeper, type NotificationSweeper } from './notification-sweeper.ts';

/**
 * The bell hears the engine's `campaign.status_changed` (decision 088): a campaign that completes
 * or pauses itself is in the bell of those who read campaigns once the change is visible at all,
 * with no sweep in between; the sweep (decision 057) later finds the rows written and adds none.
 */
describe('campaign notifications from the engine', () => {
  let server: TestServer;
  let admin: TestAccount;
  let agent: TestAccount;
  let sweeper: NotificationSweeper;
  const logger = { error: (details: object, message: string) => console.error(message, details) };

  beforeAll(async () => {
    server = await startTestServer({ engine: { autoPauseAfter: 5, batchSize: 5 } });
    admin = await server.createAdmin();
    agent = await server.createUser('agent');
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 40);
    // Swept only by hand, and only at the end: the timer is an hour.
    sweeper = startNotificationSweeper(undefined, { database: server.database, config: server.config, logger }, { intervalMs: 3_600_000 });
  });
  afterAll(async () => {
    await sweeper?.stop();
    await server?.close();
  });

  const ofSubject = async (account: TestAccount, subjectId: string) => {
    const list = await server.get<{ data: Array<{ kind: string; subjectId: string }> }>('/api/notifications?limit=100', {
      token: account.token,
    });
    return list.body.data.filter((notification) => notification.subjectId === subjectId);
  };

  it('a completed campaign is in the bell as soon as it reads completed, once each after a sweep', async () => {
    const campaign = await createCampaign(server, admin.token, { name: 'Heard at once', body: 'Hi', audience: { type: 'all' } });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'completion');
    for (const account of [admin, agent])
      expect((await ofSubject(account, campaign.id)).map((n) => n.kind)).toEqual(['campaign_completed']);
    await sweeper.sweepNow();
    for (const account of [admin, agent])
      expect((await ofSubject(account, campaign.id)).map((n) => n.kind)).toEqual(['campaign_completed']);
  });

  it('a campaign that paused itself is in the bell with its reason as soon as it reads paused', async () => {
    const broken = await addSimulator(server, admin.token, 'Broken', { failureRate: 1 });
    const campaign = await createCampaign(server, admin.token, {
      name: 'Refused',
      body: 'Hi',
      audience: { type: 'all' },
      gatewayId: broken,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'paused', 'the automatic pause');
    const [paused] = await ofSubject(admin, campaign.id);
    expect(paused).toMatchObject({ kind: 'campaign_paused', reason: { code: 'AUTO_PAUSED_ERRORS' } });
    await sweeper.sweepNow();
    expect(await ofSubject(admin, campaign.id)).toHaveLength(1);
  });
});
