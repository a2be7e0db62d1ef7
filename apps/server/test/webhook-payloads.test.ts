import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { TEST_NUMBER_REPLY } from '@sms/contracts/test-numbers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign } from './campaign-api.ts';
import { configureSimulator, waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { startReceiver, undocumented, type WebhookReceiver } from './webhook-receiver.ts';

const PUBLIC_URL = 'https://sms.example.org';

// What the events say (issue 38, decision 092): message.inbound names the contact and the message
// answered, campaign.completed its figures, and each carries the API addresses of what it names.
describe('webhook payloads', () => {
  let server: TestServer;
  let admin: TestAccount;
  let key = '';
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true, publicUrl: PUBLIC_URL } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    key = (await server.post('/api/api-keys', { name: 'Payloads', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
    receiver = await startReceiver(0);
    const hook = await server.post(
      '/api/webhooks',
      { url: receiver.url, events: ['message.status', 'message.inbound', 'campaign.completed'] },
      { token: admin.token },
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  const events = (type: string) => receiver.received.filter((message) => message.event.type === type).map((message) => message.event);

  it('campaign.completed carries the figures of the campaigns report and a link to the report', async () => {
    // One recipient per test number outcome: delivered, undelivered, refused (failed), answered.
    await server.database.db.execute(sql`insert into contacts (phone, first_name, tag1) values
      ('+447700900101', 'Del', 'figures'), ('+447700900201', 'Und', 'figures'), ('+447700900301', 'Ref', 'figures'),
      ('+447700900401', 'Ans', 'figures')`);
    const campaign = await createCampaign(server, admin.token, { name: 'Figures', body: 'Hello', audience: { type: 'all' } });
    await launchCampaign(server, admin.token, campaign.id);
    const completed = await waitFor(async () => events('campaign.completed')[0], 30_000, 'campaign.completed');
    expect(completed.data).toMatchObject({ campaignId: campaign.id, name: 'Figures' });
    // Completed once no message waits: each of the four handed over or refused, whatever receipts came yet.
    expect(completed.data.figures).toMatchObject({ recipients: 4, sent: 3 });
    expect(Object.keys(completed.data.figures).sort()).toEqual(
      ['delivered', 'deliveredPct', 'failed', 'notReplied', 'optedOut', 'recipients', 'replied', 'repliedPct', 'sent'].sort(),
    );
    expect(completed.data.figures.failed).toBeGreaterThanOrEqual(1);
    expect(completed.links).toEqual({ campaignReport: `${PUBLIC_URL}/api/v1/campaigns/${campaign.id}/report` });
  });

  it('message.inbound names the contact and the message it answers; events link to the API objects', async () => {
    await server.database.db.execute(
      sql`insert into contacts (phone, first_name, last_name) values ('+447700900450', 'Ada', 'Lovelace') on conflict (phone) do nothing`,
    );
    const sent = await server.post('/api/v1/messages', { to: '+447700900450', body: 'Coming?' }, { token: key });
    expect(sent.status).toBe(202);
    const inbound = await waitFor(
      async () => events('message.inbound').find((event) => event.data.from === '+447700900450'),
      20_000,
      'the reply event',
    );
    expect(inbound.data).toMatchObject({
      from: '+447700900450',
      body: TEST_NUMBER_REPLY,
      contactId: sent.body.contactId,
      contact: { id: sent.body.contactId, phone: '+447700900450', name: 'Ada Lovelace' },
      replyToMessageId: sent.body.id,
      campaignId: null,
    });
    expect(inbound.links).toEqual({
      inbound: `${PUBLIC_URL}/api/v1/inbound?from=%2B447700900450`,
      replyTo: `${PUBLIC_URL}/api/v1/messages/${sent.body.id}`,
      contact: `${PUBLIC_URL}/api/v1/contacts/${sent.body.contactId}`,
    });
    const status = events('message.status').find((event) => event.data.id === sent.body.id);
    expect(status?.links).toEqual({
      message: `${PUBLIC_URL}/api/v1/messages/${sent.body.id}`,
      contact: `${PUBLIC_URL}/api/v1/contacts/${sent.body.contactId}`,
    });

    // A reply to a campaign message names the campaign and links its report.
    const answered = events('message.inbound').find((event) => event.data.from === '+447700900401');
    expect(answered?.data.campaignId).not.toBeNull();
    expect(answered?.links.campaignReport).toBe(`${PUBLIC_URL}/api/v1/campaigns/${answered?.data.campaignId}/report`);

    // A sender that is no phone number has no contact, and answers nothing.
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'payload-1', from: 'BANK', to: '+447400999999', body: 'Hi', receivedAt: new Date() },
    ]);
    const stranger = await waitFor(async () => events('message.inbound').find((event) => event.data.from === 'BANK'), 20_000, 'BANK');
    expect(stranger.data).toMatchObject({ contactId: null, contact: null, replyToMessageId: null, campaignId: null });
    expect(stranger.links).toEqual({ inbound: `${PUBLIC_URL}/api/v1/inbound?from=BANK` });
  });
  it('delivered every event as the OpenAPI document describes it (contracts webhooks.ts), field by field', () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const { event } of receiver.received) expect(undocumented(event), JSON.stringify(event)).toEqual([]);
  });
});
