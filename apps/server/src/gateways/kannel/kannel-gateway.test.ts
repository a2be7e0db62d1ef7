import { createServer, type Server } from 'node:http';
import { kannelConfigSchema } from '@sms/contracts/gateway-kannel';
import { smsEncoding } from '@sms/contracts/sms-encoding';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/helper.ts';
import { GatewayUnusable, type OutboundSms } from '../gateway.ts';
import { decodeKannelText, parseKannelReceipt, rawQueryBytes } from './kannel-callbacks.ts';
import { createKannelGateway } from './kannel-gateway.ts';

/** A stand-in for smsbox's sendsms: records each query and answers as `answer` says. */
interface FakeSmsbox {
  url: string;
  queries: URLSearchParams[];
  answer: (query: URLSearchParams) => { status: number; body: string };
  close(): Promise<void>;
}

async function startFakeSmsbox(): Promise<FakeSmsbox> {
  const box = {
    url: '',
    queries: [] as URLSearchParams[],
    answer: (_query: URLSearchParams) => ({ status: 202, body: '0: Accepted for delivery' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    box.queries.push(query);
    const { status, body } = box.answer(query);
    response.writeHead(status, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  box.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/cgi-bin/sendsms`;
  return box;
}

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

describe('the Kannel gateway against a fake smsbox', () => {
  let smsbox: FakeSmsbox;
  const gateway = (config: Record<string, unknown> = {}, callbackBase: string | null = 'https://sms.example.test') =>
    createKannelGateway(
      {
        config: kannelConfigSchema.parse({ sendsmsUrl: smsbox.url, username: 'platform', defaultSender: 'ACME', ...config }),
        secrets: { password: 'pw&1', callbackToken: TOKEN },
        gatewayId: '00000000-0000-4000-8000-00000000000a',
        callbackBase,
      },
      events,
    );

  beforeAll(async () => {
    smsbox = await startFakeSmsbox();
  });
  beforeEach(() => {
    smsbox.queries.length = 0;
    smsbox.answer = () => ({ status: 202, body: '0: Accepted for delivery' });
  });
  afterAll(async () => {
    await smsbox.close();
  });

  it('sends GSM-7 as coding 0 and UCS-2 as coding 2, in UTF-8, with dlr-mask 31 and a dlr-url naming the message', async () => {
    const results = await gateway().sendBatch([message(1, 'Hello {€}'), message(2, 'Привет', { from: 'Clinic', urgent: true })]);
    expect(results).toEqual([
      { messageId: '1', outcome: 'accepted', gatewayMessageId: '1' },
      { messageId: '2', outcome: 'accepted', gatewayMessageId: '2' },
    ]);
    const [gsm, ucs2] = smsbox.queries.sort((a, b) => String(a.get('to')).localeCompare(String(b.get('to'))));
    expect(Object.fromEntries(gsm ?? [])).toEqual({
      username: 'platform',
      password: 'pw&1',
      to: '+447700900001',
      from: 'ACME',
      text: 'Hello {€}',
      charset: 'UTF-8',
      coding: '0',
      'dlr-mask': '31',
      'dlr-url': `https://sms.example.test/api/gateways/kannel/00000000-0000-4000-8000-00000000000a/${TOKEN}/receipt?id=1&status=%d&answer=%A&at=%T`,
    });
    expect(Object.fromEntries(ucs2 ?? [])).toMatchObject({ from: 'Clinic', text: 'Привет', coding: '2', priority: '3' });
  });

  it('routes through an smsc-id when set, and asks for no receipts without a callback address', async () => {
    await gateway({ smsc: 'carrier-b', defaultSender: null }, null).sendBatch([message(1)]);
    const sent = Object.fromEntries(smsbox.queries[0] ?? []);
    expect(sent).toMatchObject({ smsc: 'carrier-b' });
    expect(sent).not.toHaveProperty('from');
    expect(sent).not.toHaveProperty('dlr-url');
    expect(sent).not.toHaveProperty('dlr-mask');
  });

  it('fails a message smsbox refuses (4xx) and keeps the rest of the batch going', async () => {
    smsbox.answer = (query) =>
      query.get('to')?.endsWith('02')
        ? { status: 400, body: 'Missing receiver number, rejected' }
        : { status: 202, body: '3: Queued for later delivery' };
    const results = await gateway().sendBatch([message(1), message(2), message(3)]);
    expect(results.map((result) => result.outcome)).toEqual(['accepted', 'failed', 'accepted']);
    expect(results[1]).toMatchObject({ errorCode: 'KANNEL_HTTP_400', errorText: 'Missing receiver number, rejected' });
  });

  it('stops the batch when smsbox cannot take messages (5xx): retried, the rest not tried', async () => {
    smsbox.answer = () => ({ status: 503, body: 'Sending failed.' });
    const results = await gateway({ concurrency: 1 }).sendBatch([message(1), message(2), message(3)]);
    expect(results[0]).toMatchObject({ outcome: 'retry', errorCode: 'KANNEL_HTTP_503' });
    expect(results.slice(1).map((result) => (result.outcome === 'retry' ? result.errorCode : result.outcome))).toEqual([
      'KANNEL_DEFERRED',
      'KANNEL_DEFERRED',
    ]);
    expect(smsbox.queries).toHaveLength(1);
  });

  it('is unusable when smsbox refuses the credentials, and says so in the connection test', async () => {
    smsbox.answer = () => ({ status: 403, body: 'Authorization failed for sendsms' });
    await expect(gateway().sendBatch([message(1)])).rejects.toBeInstanceOf(GatewayUnusable);
    expect(await gateway().testConnection()).toEqual({
      ok: false,
      message: 'Kannel refused the credentials: Authorization failed for sendsms',
    });
    smsbox.answer = () => ({ status: 400, body: 'Missing receiver number, rejected' });
    expect(await gateway().testConnection()).toMatchObject({ ok: true });
  });

  it('retries on a link that is down, without counting an attempt', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/cgi-bin/sendsms`;
    const results = await gateway({ sendsmsUrl: closed, concurrency: 1 }).sendBatch([message(1), message(2)]);
    expect(results[0]).toMatchObject({ outcome: 'retry', errorCode: 'KANNEL_DOWN', link: 'down' });
    expect(results[1]).toMatchObject({ outcome: 'retry', errorCode: 'KANNEL_DEFERRED', link: 'down' });
  });
});

describe('what Kannel sends back', () => {
  const now = new Date('2026-12-07T10:00:00Z');

  it('turns delivered, undelivered and refused reports into receipts, and the steps on the way into none', () => {
    const at = String(now.getTime() / 1000 - 60);
    expect(parseKannelReceipt({ id: '42', status: 1, at }, now)).toEqual({
      gatewayMessageId: '42',
      status: 'delivered',
      errorCode: null,
      errorText: null,
      at: new Date(now.getTime() - 60_000),
    });
    expect(parseKannelReceipt({ id: '42', status: 2, answer: 'id:1 stat:UNDELIV err:00B' }, now)).toMatchObject({
      status: 'undelivered',
      errorCode: 'KANNEL_ERR_00B',
      at: now,
    });
    expect(parseKannelReceipt({ id: '42', status: 16, answer: 'NACK/0x0000000b/Invalid Destination Address' }, now)).toMatchObject({
      status: 'failed',
      errorCode: 'KANNEL_SMSC_REJECTED',
      errorText: 'NACK/0x0000000b/Invalid Destination Address',
    });
    expect(parseKannelReceipt({ id: '42', status: 8 }, now)).toBeNull();
    expect(parseKannelReceipt({ id: '42', status: 4 }, now)).toBeNull();
    // A time far off (or not one) is replaced by now.
    expect(parseKannelReceipt({ id: '42', status: 1, at: '1' }, now)?.at).toEqual(now);
  });

  it('reads the text from its raw bytes in the coding and charset Kannel names', () => {
    const url = '/x?text=%00h%00%E9+%20&coding=2&empty=&text=second';
    expect([...(rawQueryBytes(url, 'text') ?? [])]).toEqual([0x00, 0x68, 0x00, 0xe9, 0x20, 0x20]);
    expect(rawQueryBytes(url, 'empty')).toEqual(new Uint8Array());
    expect(rawQueryBytes(url, 'missing')).toBeUndefined();
    expect(decodeKannelText(Uint8Array.from([0x00, 0x68, 0x00, 0xe9]), '2', undefined)).toBe('hé');
    expect(decodeKannelText(Uint8Array.from([0x68, 0xe9]), '0', 'ISO-8859-1')).toBe('hé');
    expect(decodeKannelText(new TextEncoder().encode('hé €'), '0', 'UTF-8')).toBe('hé €');
    expect(decodeKannelText(new TextEncoder().encode('hé'), '0', 'no-such-charset')).toBe('hé');
  });
});
