import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startFakeHttpProvider, type FakeHttpProvider, type ProviderRequest } from '../../../test/fake-http-provider.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

/** Recipients (+447700000001 ...), and every K-th of them answers YES through the inbound callback. */
const N = 200;
const K = 10;
/** The recipient's number (1..N) from the last digits of its phone. */
const indexOf = (phone: string) => Number(phone.slice(-6));

/**
 * Campaigns through the http kind against a small fake provider in the test: the provider answers
 * each request, then posts the receipt back through the gateway's receipt callback and, for every
 * K-th recipient, an answer through its inbound callback, as a real provider would. Each campaign
 * must end with exact figures.
 */
describe('campaigns through http gateways', () => {
  let server: TestServer;
  let admin: TestAccount;
  let provider: FakeHttpProvider;
  const later: Array<Promise<unknown>> = [];

  /** Posts a callback to the server after the answer went out (as providers do). */
  const callBack = (url: string, init: RequestInit) => {
    later.push(
      new Promise((resolve) => setTimeout(resolve, 5)).then(async () => {
        const response = await fetch(url, init);
        if (response.status !== 200) throw new Error(`callback ${url}: ${response.status} ${await response.text()}`);
      }),
    );
  };

  const createGateway = async (name: string, config: Record<string, unknown>, secrets: Record<string, string>) => {
    const created = await server.post(
      '/api/gateways',
      { name, kind: 'http', config: { ...config, callbackBaseUrl: server.baseUrl }, secrets },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.gateway as { id: string; callbacks: { receipts: string; inbound: string } };
  };

  const runCampaign = async (gatewayId: string, name: string) => {
    const campaign = await server.post(
      '/api/campaigns',
      { name, body: 'Are you safe, {{first_name}}? Reply YES', gatewayId },
      { token: admin.token },
    );
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const id = campaign.body.campaign.id as string;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    let last: unknown;
    await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        last = body.campaign.counts;
        const counts = body.campaign.counts;
        const settled = counts.queued + counts.sending + counts.sent === 0 && counts.replied === N / K;
        return body.campaign.status === 'completed' && settled ? body.campaign.counts : undefined;
      },
      60_000,
      `campaign ${name} settled`,
    ).catch((error: Error) => Promise.reject(new Error(`${error.message}: ${JSON.stringify(last)}`)));
    await Promise.all(later.splice(0));
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine: { batchSize: 50, lanes: 2 } });
    admin = await server.createAdmin();
    provider = await startFakeHttpProvider();
    await seedContacts(server, N);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(later);
    await server?.close();
    await provider?.close();
  });

  it('Vonage-like (form, secret in the body, id in the JSON answer): refused in the answer, undelivered by receipt, delivered, replies', async () => {
    const gateway = await createGateway(
      'Vonage',
      {
        sendUrl: `${provider.url}/sms/json`,
        template: {
          api_key: 'abc123',
          api_secret: '{{secret}}',
          to: '{{toDigits}}',
          from: '{{from}}',
          text: '{{text}}',
          type: '{{unicode:unicode:text}}',
        },
        defaultSender: 'ACME',
        responseIdPath: 'messages.0.message-id',
        responseStatusPath: 'messages.0.status',
        responseOkValues: ['0'],
        responseErrorPath: 'messages.0.error-text',
        receiptIdField: 'messageId',
        receiptErrorField: 'err-code',
        inboundFromField: 'msisdn',
        inboundIdField: 'messageId',
      },
      { authSecret: 'vonage-secret' },
    );
    provider.answer = (request: ProviderRequest) => {
      const fields = request.fields as Record<string, string>;
      if (request.path !== '/sms/json' || fields.api_secret !== 'vonage-secret') return { status: 401, body: { error: 'Bad credentials' } };
      const i = indexOf(fields.to as string);
      // Every 20th from the 7th: refused in a 200 answer, as Vonage does.
      if (i % 20 === 7)
        return { status: 200, body: { 'message-count': '1', messages: [{ status: '3', 'error-text': 'Invalid to address' }] } };
      const messageId = `V${i}`;
      const status = i % 20 === 13 ? 'failed' : 'delivered';
      callBack(
        `${gateway.callbacks.receipts}?messageId=${messageId}&msisdn=${fields.to}&status=${status}&err-code=${status === 'failed' ? '6' : '0'}`,
        {},
      );
      if (i % K === 0) {
        callBack(gateway.callbacks.inbound, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            msisdn: fields.to as string,
            to: 'ACME',
            text: 'YES',
            messageId: `in-${i}`,
            type: 'text',
          }).toString(),
        });
      }
      return { status: 200, body: { 'message-count': '1', messages: [{ to: fields.to, 'message-id': messageId, status: '0' }] } };
    };
    const campaignId = await runCampaign(gateway.id, 'Vonage-like');
    const { body } = await server.get(`/api/campaigns/${campaignId}`, { token: admin.token });
    expect(body.campaign.counts).toMatchObject({
      total: N,
      delivered: N - N / 10,
      undelivered: N / 20,
      failed: N / 20,
      replied: N / K,
      sent: 0,
    });
    const [failure] = await queryRows<{ error_code: string; error_text: string }>(
      server.database.db,
      sql`select error_code, error_text from messages where campaign_id = ${campaignId} and status = 'failed' limit 1`,
    );
    expect(failure).toEqual({ error_code: 'HTTP_REFUSED_3', error_text: 'Invalid to address' });
    const [undelivered] = await queryRows<{ error_code: string }>(
      server.database.db,
      sql`select error_code from messages where campaign_id = ${campaignId} and status = 'undelivered' limit 1`,
    );
    expect(undelivered?.error_code).toBe('HTTP_ERR_6');
  }, 90_000);

  it('a JSON API with bearer auth, our id in the receipt URL, 400 failing with the reason and 503 retried', async () => {
    const gateway = await createGateway(
      'JSON API',
      {
        sendUrl: `${provider.url}/v2/sms`,
        bodyFormat: 'json',
        authType: 'bearer',
        template: {
          'message.to': '{{to}}',
          'message.body': '{{text}}',
          'message.reference': '{{messageId}}',
          statusCallback: '{{receiptUrl}}',
        },
        receiptStatusField: 'event.state',
        receiptDeliveredValues: ['DELIVERED'],
        receiptFailedValues: ['UNDELIVERABLE'],
        inboundFromField: 'sender',
        inboundToField: 'recipient',
        inboundTextField: 'content.text',
      },
      { authSecret: 'bearer-token' },
    );
    let unavailable = 3;
    provider.answer = (request: ProviderRequest) => {
      if (request.headers.authorization !== 'Bearer bearer-token') return { status: 401, body: { error: 'unauthorized' } };
      // The first answers are 503: the batch stops and is sent again later.
      if (unavailable > 0) {
        unavailable -= 1;
        return { status: 503, body: { error: 'maintenance' } };
      }
      const message = (request.fields as { message: { to: string; reference: string } }).message;
      const i = indexOf(message.to);
      if (i % 20 === 7) return { status: 400, body: { error: { code: 'INVALID_NUMBER', detail: 'The number is not a mobile' } } };
      callBack((request.fields as { statusCallback: string }).statusCallback, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: { state: 'DELIVERED' } }),
      });
      if (i % K === 0) {
        callBack(gateway.callbacks.inbound, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sender: message.to, recipient: '+447700000000', content: { text: 'YES' } }),
        });
      }
      return { status: 202, body: { accepted: true } };
    };
    const campaignId = await runCampaign(gateway.id, 'JSON API');
    const { body } = await server.get(`/api/campaigns/${campaignId}`, { token: admin.token });
    expect(body.campaign.counts).toMatchObject({
      total: N,
      delivered: N - N / 20,
      undelivered: 0,
      failed: N / 20,
      replied: N / K,
      sent: 0,
    });
    const [failure] = await queryRows<{ error_code: string; error_text: string; attempts: number }>(
      server.database.db,
      sql`select error_code, error_text from messages where campaign_id = ${campaignId} and status = 'failed' limit 1`,
    );
    expect(failure).toMatchObject({ error_code: 'HTTP_400' });
    expect(failure?.error_text).toContain('The number is not a mobile');
    expect(unavailable).toBe(0);
  }, 90_000);

  it('makes the gateway unusable on 401: the campaign fails with the reason', async () => {
    const gateway = await createGateway(
      'Refused',
      { sendUrl: `${provider.url}/v2/sms`, template: { to: '{{to}}', text: '{{text}}' }, authType: 'bearer' },
      { authSecret: 'wrong' },
    );
    provider.answer = () => ({ status: 401, body: { error: 'unauthorized' } });
    const campaign = await server.post('/api/campaigns', { name: 'Refused', body: 'Hello', gatewayId: gateway.id }, { token: admin.token });
    const id = campaign.body.campaign.id as string;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    const failed = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        return body.campaign.status === 'failed' ? body.campaign : undefined;
      },
      30_000,
      'campaign failed',
    );
    expect(JSON.stringify(failed)).toContain('HTTP 401');
    // The gateways screen shows the link refused, with the provider's answer.
    const seen = await waitFor(
      async () => {
        const { body } = await server.get(`/api/gateways/${gateway.id}`, { token: admin.token });
        return body.gateway.link?.state === 'refused' ? body.gateway.link : undefined;
      },
      10_000,
      'link refused',
    );
    expect(seen.reason).toContain('HTTP 401');
  }, 60_000);
});
