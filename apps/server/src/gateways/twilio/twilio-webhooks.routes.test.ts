import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { twilioConfigSchema } from '@sms/contracts/gateway-twilio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postSignedForm, startFakeTwilio, twilioSign } from '../../../test/fake-twilio.ts';
import { startTestServer } from '../../../test/helper.ts';
import { gateways, pendingReceipts } from '../../db/schema.ts';
import { registerErrorHandler } from '../../platform/error-handler.ts';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';
import { createTwilioGateway } from './twilio-gateway.ts';
import { twilioStatusCallbackUrl } from './twilio-urls.ts';
import { twilioWebhookRoutes, type TwilioWebhookOptions } from './twilio-webhooks.routes.ts';

const TOKENS: Record<string, string> = { 'gw-1': randomBytes(16).toString('hex'), 'gw-2': randomBytes(16).toString('hex') };
const TOKEN = TOKENS['gw-1'] ?? '';
const MESSAGE_SID = 'SM0123456789abcdef0123456789abcdef';
const STATUS_PATH = '/api/gateways/twilio/gw-1/status';
const INBOUND_PATH = '/api/gateways/twilio/gw-1/inbound';

interface Harness {
  baseUrl: string;
  receipts: Array<{ gatewayId: string; receipts: DeliveryReceipt[] }>;
  inbound: Array<{ gatewayId: string; messages: InboundSms[] }>;
  logs: string[];
  app: FastifyInstance;
}

function webhookOptions(harness: Pick<Harness, 'receipts' | 'inbound'>, publicUrl: string | undefined): TwilioWebhookOptions {
  return {
    resolveGateway: async (gatewayId) => (TOKENS[gatewayId] ? { authToken: TOKENS[gatewayId] } : null),
    publicUrl,
    sink: {
      receipts: async (gatewayId, receipts) => void harness.receipts.push({ gatewayId, receipts }),
      inbound: async (gatewayId, messages) => void harness.inbound.push({ gatewayId, messages }),
    },
  };
}

/** A small real server: the plugin, the repo's error handler, logs captured. */
async function startHarness(options: { publicUrl?: string; trustProxy?: boolean } = {}): Promise<Harness> {
  const logs: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const harness = { receipts: [], inbound: [], logs, app } as Omit<Harness, 'baseUrl'>;
  await app.register(twilioWebhookRoutes, webhookOptions(harness, options.publicUrl));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { ...harness, baseUrl: `http://127.0.0.1:${port}` };
}

const statusForm = (overrides: Record<string, string> = {}) => ({
  AccountSid: `AC${'1'.repeat(32)}`,
  ApiVersion: '2010-04-01',
  From: '+15005550006',
  MessageSid: MESSAGE_SID,
  MessageStatus: 'delivered',
  SmsSid: MESSAGE_SID,
  SmsStatus: 'delivered',
  To: '+447911123456',
  ...overrides,
});
const inboundForm = {
  AccountSid: `AC${'1'.repeat(32)}`,
  MessageSid: MESSAGE_SID,
  From: '+447911123456',
  To: '+15005550006',
  Body: 'Yes please, Tuesday 10:00 & thanks',
  NumMedia: '0',
  NumSegments: '1',
};

describe('the fake Twilio signer', () => {
  it("produces Twilio's published example signature", () => {
    // Twilio's documented vector (auth token 12345); see twilio-signature.test.ts for the sources.
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    expect(twilioSign('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });
});

describe('Twilio webhooks', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startHarness();
  });
  afterAll(() => server.app.close());
  afterEach(() => {
    server.receipts.length = 0;
    server.inbound.length = 0;
    server.logs.length = 0;
  });
  const url = (path: string) => `${server.baseUrl}${path}`;

  it('turns a signed final status into a receipt and answers 204', async () => {
    const response = await postSignedForm(url(STATUS_PATH), statusForm({ MessageStatus: 'undelivered', ErrorCode: '30003' }), TOKEN);
    expect(response.status).toBe(204);
    expect(server.receipts).toEqual([
      {
        gatewayId: 'gw-1',
        receipts: [
          {
            gatewayMessageId: MESSAGE_SID,
            status: 'undelivered',
            errorCode: 'TWILIO_30003',
            errorText: 'Unreachable destination handset',
            at: expect.any(Date),
          },
        ],
      },
    ]);
  });

  it('answers 204 to intermediate statuses without a receipt', async () => {
    for (const status of ['queued', 'sent']) {
      expect((await postSignedForm(url(STATUS_PATH), statusForm({ MessageStatus: status, SmsStatus: status }), TOKEN)).status).toBe(204);
    }
    expect(server.receipts).toEqual([]);
  });

  it('hands a signed incoming message to the sink and answers empty TwiML', async () => {
    const response = await postSignedForm(url(INBOUND_PATH), inboundForm, TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(server.inbound).toEqual([
      {
        gatewayId: 'gw-1',
        messages: [
          {
            gatewayMessageId: MESSAGE_SID,
            from: '+447911123456',
            to: '+15005550006',
            body: inboundForm.Body,
            receivedAt: expect.any(Date),
          },
        ],
      },
    ]);
  });

  it('refuses with 403 whatever was tampered with, and logs why without secrets', async () => {
    const form = statusForm();
    const signature = twilioSign(TOKEN, url(STATUS_PATH), form);
    const attempts = [
      // Body changed after signing.
      postSignedForm(url(STATUS_PATH), { ...form, MessageStatus: 'failed' }, TOKEN, { signature }),
      postSignedForm(url(STATUS_PATH), { ...form, Extra: 'x' }, TOKEN, { signature }),
      // Signed for another URL (other gateway path, other query).
      postSignedForm(url(STATUS_PATH), form, TOKEN, { signUrl: url('/api/gateways/twilio/gw-2/status') }),
      postSignedForm(url(`${STATUS_PATH}?a=1`), form, TOKEN, { signUrl: url(`${STATUS_PATH}?a=2`) }),
      // Signature altered, missing, or made with another gateway's token.
      postSignedForm(url(STATUS_PATH), form, TOKEN, { signature: `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}` }),
      fetch(url(STATUS_PATH), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
      postSignedForm(url(STATUS_PATH), form, TOKENS['gw-2'] ?? ''),
      postSignedForm(url(INBOUND_PATH), inboundForm, TOKENS['gw-2'] ?? ''),
    ];
    const responses = await Promise.all(attempts);
    expect(responses.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await responses[0]?.json()).toEqual({ message: 'Invalid Twilio signature', error: 'Forbidden', code: 'FORBIDDEN' });
    expect(server.receipts).toEqual([]);
    expect(server.inbound).toEqual([]);
    const warnings = server.logs.filter((line) => line.includes('Twilio webhook refused: bad signature'));
    expect(warnings).toHaveLength(8);
    for (const secret of [TOKEN, TOKENS['gw-2'] ?? '', signature]) expect(server.logs.join('\n')).not.toContain(secret);
  });

  it('accepts a query string when it was signed with it', async () => {
    const path = `${STATUS_PATH}?source=twilio&n=1`;
    expect((await postSignedForm(url(path), statusForm(), TOKEN)).status).toBe(204);
    expect(server.receipts).toHaveLength(1);
  });

  it('answers 404 for a gateway it does not know', async () => {
    const response = await postSignedForm(url('/api/gateways/twilio/gw-9/status'), statusForm(), TOKEN);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Twilio gateway not found', code: 'NOT_FOUND' });
  });

  it('never answers 500 to junk', async () => {
    const post = (path: string, body: string, contentType?: string) =>
      fetch(url(path), {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType, 'x-twilio-signature': 'x' } : { 'x-twilio-signature': 'x' },
        body,
      });
    const junk = await Promise.all([
      post(STATUS_PATH, 'hello', 'text/plain'),
      post(STATUS_PATH, '{not json', 'application/json'),
      post(STATUS_PATH, '{"MessageSid":{"nested":true}}', 'application/json'),
      post(STATUS_PATH, '%zz&&==&%%%=%', 'application/x-www-form-urlencoded'),
      post(STATUS_PATH, `Body=${'x'.repeat(70_000)}`, 'application/x-www-form-urlencoded'),
      post(STATUS_PATH, '', 'application/x-www-form-urlencoded'),
      // fetch labels a bare string text/plain.
      post(STATUS_PATH, ''),
      post('/api/gateways/twilio/bad.id/status', 'a=1', 'application/x-www-form-urlencoded'),
      post(`/api/gateways/twilio/${'g'.repeat(65)}/inbound`, 'a=1', 'application/x-www-form-urlencoded'),
      post(INBOUND_PATH, '__proto__[x]=1&__proto__=2&constructor=3', 'application/x-www-form-urlencoded'),
    ]);
    expect(junk.map((response) => response.status)).toEqual([400, 400, 400, 403, 413, 403, 400, 400, 400, 403]);
    const messages = (await Promise.all(junk.map((response) => response.json() as Promise<{ message: string }>))).map(
      (body) => body.message,
    );
    expect(messages[0]).toBe('body: must be the form Twilio posts (application/x-www-form-urlencoded)');
    expect(messages[1]).toBe('Request body is not valid JSON');
    expect(messages[2]).toBe('MessageSid: form fields must be text');
    expect(messages[4]).toBe('Request body is too large');
    expect(messages[7]).toBe("gatewayId must be 1 to 64 letters, digits, '-' or '_'");
    expect(server.receipts).toEqual([]);
    expect(server.inbound).toEqual([]);
  });

  it('answers 400 naming the field when a signed form lacks one', async () => {
    const { MessageSid: _sid, ...withoutSid } = statusForm();
    const response = await postSignedForm(url(STATUS_PATH), withoutSid, TOKEN);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'MessageSid is required', field: 'MessageSid', code: 'VALIDATION_ERROR' });
    const { From: _from, ...withoutFrom } = inboundForm;
    const inbound = await postSignedForm(url(INBOUND_PATH), withoutFrom, TOKEN);
    expect(inbound.status).toBe(400);
    expect(await inbound.json()).toMatchObject({ message: 'From is required', field: 'From' });
  });
});

describe('Twilio webhooks: the URL that was signed', () => {
  it('is PUBLIC_URL + path + query when PUBLIC_URL is set (with or without the default port)', async () => {
    const server = await startHarness({ publicUrl: 'https://sms.example.test/' });
    try {
      const form = statusForm();
      const ok = await postSignedForm(`${server.baseUrl}${STATUS_PATH}?x=1`, form, TOKEN, {
        signUrl: `https://sms.example.test${STATUS_PATH}?x=1`,
      });
      const withPort = await postSignedForm(`${server.baseUrl}${STATUS_PATH}`, form, TOKEN, {
        signUrl: `https://sms.example.test:443${STATUS_PATH}`,
      });
      const asReached = await postSignedForm(`${server.baseUrl}${STATUS_PATH}`, form, TOKEN);
      expect([ok.status, withPort.status, asReached.status]).toEqual([204, 204, 403]);
    } finally {
      await server.app.close();
    }
  });

  it('is rebuilt from forwarded headers only when the proxy is trusted', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sms.example.test' };
    const signUrl = `https://sms.example.test${STATUS_PATH}`;
    const trusting = await startHarness({ trustProxy: true });
    const direct = await startHarness({ trustProxy: false });
    try {
      expect((await postSignedForm(`${trusting.baseUrl}${STATUS_PATH}`, statusForm(), TOKEN, { signUrl, headers })).status).toBe(204);
      expect((await postSignedForm(`${direct.baseUrl}${STATUS_PATH}`, statusForm(), TOKEN, { signUrl, headers })).status).toBe(403);
      // Without a proxy the URL as reached (http://127.0.0.1:port/...) is what counts.
      expect((await postSignedForm(`${direct.baseUrl}${STATUS_PATH}`, statusForm(), TOKEN)).status).toBe(204);
    } finally {
      await Promise.all([trusting.app.close(), direct.app.close()]);
    }
  });
});

describe('Twilio webhooks end to end', () => {
  it('receives the status callback of a message the gateway sent through the fake Twilio', async () => {
    const fake = await startFakeTwilio({ authToken: TOKEN });
    const server = await startHarness();
    const gateway = createTwilioGateway(
      {
        config: twilioConfigSchema.parse({ accountSid: fake.accountSid, from: 'Clinic' }),
        secrets: { authToken: TOKEN },
        statusCallbackUrl: twilioStatusCallbackUrl(server.baseUrl, 'gw-1'),
        apiBaseUrl: fake.baseUrl,
      },
      { receipts: () => {}, inbound: () => {} },
    );
    try {
      const [result] = await gateway.sendBatch([
        { messageId: '1', to: '+447911123456', from: null, body: 'Hi', encoding: 'GSM-7', segments: 1 },
      ]);
      const sid = result?.outcome === 'accepted' ? result.gatewayMessageId : '';
      expect(fake.messages[0]?.form.StatusCallback).toBe(`${server.baseUrl}${STATUS_PATH}`);
      expect((await fake.deliver(sid, 'sent')).status).toBe(204);
      expect((await fake.deliver(sid, 'failed', 30007)).status).toBe(204);
      expect(server.receipts).toEqual([
        { gatewayId: 'gw-1', receipts: [expect.objectContaining({ gatewayMessageId: sid, status: 'failed', errorCode: 'TWILIO_30007' })] },
      ]);
    } finally {
      await gateway.close();
      await Promise.all([fake.close(), server.app.close()]);
    }
  });

  it('works inside the real app: public, outside the rate limit, form parsing kept to these routes', async () => {
    // The app registers these routes itself, resolving the token from the gateways table.
    const app = await startTestServer({ rateLimitPerMinute: 3 });
    try {
      const [gateway] = await app.database.db
        .insert(gateways)
        .values({
          name: 'Twilio',
          kind: 'twilio',
          config: { accountSid: `AC${'1'.repeat(32)}`, from: '+15005550006' },
          secrets: { authToken: TOKEN },
        })
        .returning({ id: gateways.id });
      const statusPath = `/api/gateways/twilio/${gateway?.id}/status`;
      const statuses = [];
      for (let index = 0; index < 6; index += 1) {
        statuses.push(
          (await postSignedForm(`${app.baseUrl}${statusPath}`, statusForm({ MessageSid: `SM${String(index).padStart(32, '0')}` }), TOKEN))
            .status,
        );
      }
      expect(statuses).toEqual([204, 204, 204, 204, 204, 204]);
      // No message has those ids yet: the six receipts are parked for later matching.
      const parked = await app.database.db.select({ id: pendingReceipts.gatewayMessageId }).from(pendingReceipts);
      expect(parked).toHaveLength(6);
      const elsewhere = await fetch(`${app.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a&password=b',
      });
      expect(elsewhere.status).toBe(415);
      // Documented in the generated OpenAPI.
      const docs = (await (await fetch(`${app.baseUrl}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(docs.paths)).toEqual(
        expect.arrayContaining(['/api/gateways/twilio/{gatewayId}/status', '/api/gateways/twilio/{gatewayId}/inbound']),
      );
      // The rate limit is live for the rest of the API (3 per minute here: login, docs, then health).
      const health = [];
      for (let index = 0; index < 2; index += 1) health.push((await fetch(`${app.baseUrl}/api/health`)).status);
      expect(health).toEqual([200, 429]);
    } finally {
      await app.close();
    }
  });
});
