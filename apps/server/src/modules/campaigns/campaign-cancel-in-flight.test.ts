import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAction, createCampaign, launchCampaign, poll } from '../../../test/campaign-api.ts';
import { countMessageRows, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fake-twilio.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
let twilio: FakeTwilio;
let gatewayId: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  server = await startTestServer({ engine: { batchSize: 10 }, config: { twilioApiBaseUrl: twilio.baseUrl } });
  admin = await server.createAdmin();
  const created = await server.post(
    '/api/gateways',
    {
      name: 'Twilio',
      kind: 'twilio',
      config: { accountSid: twilio.accountSid, from: '+15005550006' },
      secrets: { authToken: twilio.authToken },
    },
    { token: admin.token },
  );
  expect(created.status).toBe(201);
  gatewayId = created.body.gateway.id;
  await seedContacts(server, 2);
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});

describe('cancelling while a batch is at the gateway', () => {
  // A retry written back after the cancel must not leave a queued message nobody will send.
  it('leaves nothing queued once the in-flight batch is written back', async () => {
    // One message is held 1.5 s by Twilio, the other gets a 500 (a retry), in the same batch.
    twilio.behave('+447700000001', { kind: 'delay', ms: 1_500 });
    twilio.behave('+447700000002', { kind: 'server-error' });
    const campaign = await createCampaign(server, admin.token, { name: 'Cut mid-batch', body: 'Hi', gatewayId });
    await launchCampaign(server, admin.token, campaign.id);
    await poll(async () => (twilio.attempts.length >= 2 ? true : undefined), 5_000, 'both messages at Twilio');
    expect((await campaignAction(server, admin.token, campaign.id, 'cancel')).status).toBe('cancelled');
    const rows = await poll(
      async () => {
        const counts = await countMessageRows(server, campaign.id);
        return counts.sending === undefined ? counts : undefined;
      },
      5_000,
      'the batch to be written back',
    );
    expect(rows).toEqual({ sent: 1, cancelled: 1 });
  });
});
