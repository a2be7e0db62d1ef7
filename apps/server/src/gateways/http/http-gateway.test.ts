import { httpConfigSchema, type HttpConfigInput } from '@sms/contracts/gateway-http';
import { smsEncoding } from '@sms/contracts/sms-encoding';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpProvider, type FakeHttpProvider } from '../../../test/fake-http-provider.ts';
import { freePort } from '../../../test/helper.ts';
import { GatewayUnusable, type OutboundSms } from '../gateway.ts';
import { createHttpGateway } from './http-gateway.ts';
import { parseHttpInbound, parseHttpReceipt } from './http-callbacks.ts';

const message = (id: number, body = 'Hello', patch: Partial<OutboundSms> = {}): OutboundSms => ({
  messageId: String(id),
  to: `+4477009000${String(id).padStart(2, '0')}`,
  from: null,
  body,
  encoding: smsEncoding(body),
  segments: 1,
  ...patch,
});
const events = { receipts: () => {}, inbound: () => {} };
const TOKEN = 'T'.repeat(32);
const GATEWAY_ID = '00000000-0000-4000-8000-00000000000b';

/** Vonage's SMS API as the guide describes it: a form, the secret in the body, the id in messages.0.message-id. */
const vonage = (url: string): HttpConfigInput => ({
  sendUrl: `${url}/sms/json`,
  method: 'POST',
  bodyFormat: 'form',
  template: {
    api_key: 'abc123',
    api_secret: '{{secret}}',
    to: '{{toDigits}}',
    from: '{{from}}',
    text: '{{text}}',
    type: '{{unicode:unicode:text}}',
    'client-ref': '{{messageId}}',
  },
  defaultSender: 'ACME',
  responseIdPath: 'messages.0.message-id',
  responseStatusPath: 'messages.0.status',
  responseOkValues: ['0'],
  responseErrorPath: 'messages.0.error-text',
});

describe('the http gateway against a fake provider', () => {
  let provider: FakeHttpProvider;
  const gateway = (config: HttpConfigInput, secret = 'vonage-secret') =>
    createHttpGateway(
      {
        config: httpConfigSchema.parse(config),
        secrets: { authSecret: secret, callbackToken: TOKEN },
        gatewayId: GATEWAY_ID,
        callbackBase: 'https://sms.example.test',
      },
      events,
    );

  beforeAll(async () => {
    provider = await startFakeHttpProvider();
  });
  beforeEach(() => {
    provider.requests.length = 0;
    provider.answer = (request) => ({
      status: 200,
      body: {
        'message-count': '1',
        messages: [{ to: request.fields.to, 'message-id': `V-${String(request.fields['client-ref'])}`, status: '0' }],
      },
    });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('posts a Vonage-like form: the secret in its field, digits for the number, type unicode for UCS-2, the id from the answer', async () => {
    const results = await gateway(vonage(provider.url)).sendBatch([
      message(1, 'Hello & "you" = 1+1'),
      message(2, 'Привет 😀', { from: 'Clinic' }),
    ]);
    expect(results).toEqual([
      { messageId: '1', outcome: 'accepted', gatewayMessageId: 'V-1' },
      { messageId: '2', outcome: 'accepted', gatewayMessageId: 'V-2' },
    ]);
    const [gsm, ucs2] = [...provider.requests].sort((a, b) => String(a.fields.to).localeCompare(String(b.fields.to)));
    expect(gsm?.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(gsm?.fields).toEqual({
      api_key: 'abc123',
      api_secret: 'vonage-secret',
      to: '447700900001',
      from: 'ACME',
      text: 'Hello & "you" = 1+1',
      type: 'text',
      'client-ref': '1',
    });
    expect(ucs2?.fields).toMatchObject({ from: 'Clinic', text: 'Привет 😀', type: 'unicode' });
  });

  it('sends JSON with nested names, bearer auth, extra headers and the receipt URL; our id when the answer names none', async () => {
    const config: HttpConfigInput = {
      sendUrl: `${provider.url}/v1/messages?account=7`,
      bodyFormat: 'json',
      template: {
        'messages.0.to': '{{to}}',
        'messages.0.text': '{{text}}',
        'messages.0.callback': '{{receiptUrl}}',
        encoding: '{{encoding}}',
      },
      headers: { 'X-Tenant': 'acme' },
      authType: 'bearer',
    };
    provider.answer = () => ({ status: 201, body: { queued: true } });
    const [result] = await gateway(config, 'tok-1').sendBatch([message(3, 'Line "one"\nzwei €')]);
    expect(result).toEqual({ messageId: '3', outcome: 'accepted', gatewayMessageId: '3' });
    const [sent] = provider.requests;
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.query.get('account')).toBe('7');
    expect(sent?.headers).toMatchObject({
      authorization: 'Bearer tok-1',
      'x-tenant': 'acme',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(sent?.fields).toEqual({
      messages: [
        {
          to: '+447700900003',
          text: 'Line "one"\nzwei €',
          callback: `https://sms.example.test/api/gateways/http/${GATEWAY_ID}/${TOKEN}/receipt?ref=3`,
        },
      ],
      encoding: 'GSM-7',
    });
  });

  it('puts GET parameters and a query auth in the address, and basic or header auth in headers', async () => {
    provider.answer = () => ({ status: 200, body: 'OK' });
    await gateway(
      { sendUrl: `${provider.url}/send`, method: 'GET', template: { to: '{{to}}', msg: '{{text}}' }, authType: 'query', authName: 'key' },
      'k&1',
    ).sendBatch([message(4, 'a b&c')]);
    expect(Object.fromEntries(provider.requests[0]?.query ?? [])).toEqual({ key: 'k&1', to: '+447700900004', msg: 'a b&c' });
    await gateway({ sendUrl: `${provider.url}/send`, template: { to: '{{to}}' }, authType: 'basic', authName: 'acct' }, 'pw').sendBatch([
      message(5),
    ]);
    expect(provider.requests[1]?.headers.authorization).toBe(`Basic ${Buffer.from('acct:pw').toString('base64')}`);
    await gateway(
      { sendUrl: `${provider.url}/send`, template: { to: '{{to}}' }, authType: 'header', authName: 'X-API-Key' },
      'xyz',
    ).sendBatch([message(6)]);
    expect(provider.requests[2]?.headers['x-api-key']).toBe('xyz');
  });

  it('fails a message refused in a 2xx answer or by a 4xx, with the provider reason, and keeps the batch going', async () => {
    provider.answer = (request) => {
      if (request.fields.to === '447700900002')
        return { status: 200, body: { messages: [{ status: '3', 'error-text': 'Invalid to address' }] } };
      if (request.fields.to === '447700900003') return { status: 400, body: { messages: [{ 'error-text': `Bad ${'x'.repeat(400)}` }] } };
      return { status: 200, body: { messages: [{ 'message-id': 'ok', status: '0' }] } };
    };
    const results = await gateway(vonage(provider.url)).sendBatch([message(1), message(2), message(3), message(4)]);
    expect(results.map((result) => result.outcome)).toEqual(['accepted', 'failed', 'failed', 'accepted']);
    expect(results[1]).toMatchObject({ errorCode: 'HTTP_REFUSED_3', errorText: 'Invalid to address' });
    expect(results[2]).toMatchObject({ errorCode: 'HTTP_400' });
    expect(results[2]?.outcome === 'failed' && results[2].errorText.length).toBe(300);
  });

  it('stops the batch on 503 or 429 (retried, the rest not tried), with Retry-After', async () => {
    provider.answer = () => ({ status: 429, body: 'slow down', headers: { 'retry-after': '7' } });
    const results = await gateway({ ...vonage(provider.url), concurrency: 1 }).sendBatch([message(1), message(2)]);
    expect(results).toEqual([
      expect.objectContaining({ outcome: 'retry', errorCode: 'HTTP_429', retryAfterMs: 7000 }),
      expect.objectContaining({ outcome: 'retry', errorCode: 'HTTP_DEFERRED' }),
    ]);
    provider.answer = () => ({ status: 503, body: 'maintenance' });
    const again = await gateway({ ...vonage(provider.url), concurrency: 1 }).sendBatch([message(1), message(2)]);
    expect(again.map((result) => (result.outcome === 'retry' ? result.errorCode : result.outcome))).toEqual(['HTTP_503', 'HTTP_DEFERRED']);
    expect(provider.requests).toHaveLength(2);
  });

  it('is unusable on 401 or 403, and says so in the connection test', async () => {
    provider.answer = () => ({ status: 401, body: { error: 'Bad credentials' } });
    await expect(gateway(vonage(provider.url)).sendBatch([message(1)])).rejects.toBeInstanceOf(GatewayUnusable);
    expect(await gateway(vonage(provider.url)).testConnection()).toMatchObject({
      ok: false,
      message: expect.stringContaining('refused the credentials (HTTP 401)'),
    });
    provider.answer = () => ({ status: 200, body: { messages: [{ status: '2', 'error-text': 'Missing to param' }] } });
    expect(await gateway(vonage(provider.url)).testConnection()).toMatchObject({ ok: true });
  });

  it('reports its link: refused on 401, retrying while unreachable, connected once the provider answers', async () => {
    const links: Array<{ state: string; reason: string | null }> = [];
    const watched = (url: string) =>
      createHttpGateway(
        {
          config: httpConfigSchema.parse({ ...vonage(url), concurrency: 1 }),
          secrets: { authSecret: 's', callbackToken: TOKEN },
          gatewayId: GATEWAY_ID,
          callbackBase: null,
        },
        { ...events, link: (status) => links.push(status) },
      );
    const gatewayUp = watched(provider.url);
    provider.answer = () => ({ status: 403, body: 'Forbidden' });
    await expect(gatewayUp.sendBatch([message(1)])).rejects.toBeInstanceOf(GatewayUnusable);
    provider.answer = () => ({ status: 200, body: { messages: [{ 'message-id': 'x', status: '0' }] } });
    await gatewayUp.sendBatch([message(1)]);
    await gatewayUp.sendBatch([message(2)]);
    await watched(`http://127.0.0.1:${await freePort()}`).sendBatch([message(3)]);
    expect(links).toEqual([
      { state: 'refused', reason: 'The provider refused the credentials (HTTP 403): Forbidden' },
      { state: 'connected', reason: null },
      { state: 'retrying', reason: expect.stringContaining('Cannot reach the provider: ECONNREFUSED') },
    ]);
  });

  it('retries on a link that is down, without counting an attempt', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const results = await gateway({ ...vonage(closed), concurrency: 1 }).sendBatch([message(1), message(2)]);
    expect(results[0]).toMatchObject({ outcome: 'retry', errorCode: 'HTTP_DOWN', link: 'down' });
    expect(results[1]).toMatchObject({ outcome: 'retry', errorCode: 'HTTP_DEFERRED', link: 'down' });
  });
});

describe('what an http provider sends back', () => {
  const config = httpConfigSchema.parse({
    sendUrl: 'https://rest.example.com/sms/json',
    template: { text: '{{text}}' },
    receiptIdField: 'messageId',
    receiptDeliveredValues: ['delivered'],
    receiptFailedValues: ['failed', 'rejected'],
    receiptErrorField: 'err-code',
    inboundFromField: 'msisdn',
    inboundIdField: 'messageId',
  });
  const now = new Date('2026-12-07T10:00:00Z');

  it('maps statuses to receipts (any case), ignores steps on the way, and needs the id and status fields', () => {
    expect(parseHttpReceipt(config, { messageId: 'V-1', status: 'DELIVERED', 'err-code': '0' }, now)).toEqual({
      gatewayMessageId: 'V-1',
      status: 'delivered',
      errorCode: null,
      errorText: null,
      at: now,
    });
    expect(parseHttpReceipt(config, { messageId: 'V-1', status: 'rejected', 'err-code': '6' }, now)).toMatchObject({
      status: 'undelivered',
      errorCode: 'HTTP_ERR_6',
      errorText: 'The provider reported rejected (error 6)',
    });
    expect(parseHttpReceipt(config, { messageId: 'V-1', status: 'accepted' }, now)).toBeNull();
    expect(() => parseHttpReceipt(config, { status: 'delivered' }, now)).toThrow('messageId is required');
  });

  it('reads an incoming message, giving a digits-only sender its +', () => {
    expect(
      parseHttpInbound(config, { msisdn: '447700900123', to: '447700900000', text: 'Oui 谢谢', messageId: 'in-1' }, () => 'new', now),
    ).toEqual({
      gatewayMessageId: 'in-1',
      from: '+447700900123',
      to: '447700900000',
      body: 'Oui 谢谢',
      receivedAt: now,
    });
    expect(parseHttpInbound({ ...config, inboundIdField: null }, { msisdn: 'ACME' }, () => 'new', now)).toMatchObject({
      gatewayMessageId: 'new',
      from: 'ACME',
      body: '',
    });
  });
});
