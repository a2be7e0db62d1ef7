import { createServer } from 'node:net';
import { twilioConfigSchema, type TwilioConfigInput } from '@sms/contracts/gateway-twilio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, TWILIO_REFUSALS, type FakeTwilio } from '../../../test/fake-twilio.ts';
import { GatewayUnavailable, GatewayUnusable, type OutboundSms, type SendResult, type SmsGateway } from '../gateway.ts';
import { createTwilioGateway, type TwilioGatewaySettings } from './twilio-gateway.ts';

const noEvents = { receipts: () => {}, inbound: () => {} };
const CALLBACK = 'https://sms.example.test/api/gateways/twilio/gw-1/status';

let fake: FakeTwilio;
const gateways: SmsGateway[] = [];

beforeEach(async () => {
  fake = await startFakeTwilio();
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
  await fake.close();
});

function gateway(config: Partial<TwilioConfigInput> = {}, settings: Partial<TwilioGatewaySettings> = {}, warnings?: string[]): SmsGateway {
  const created = createTwilioGateway(
    {
      config: twilioConfigSchema.parse({ accountSid: fake.accountSid, from: '+15005550006', ...config }),
      secrets: { authToken: fake.authToken },
      statusCallbackUrl: CALLBACK,
      apiBaseUrl: fake.baseUrl,
      requestTimeoutMs: 2_000,
      ...settings,
    },
    noEvents,
    warnings ? { warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`) } : undefined,
  );
  gateways.push(created);
  return created;
}

let counter = 0;
function sms(to: string, overrides: Partial<OutboundSms> = {}): OutboundSms {
  counter += 1;
  return { messageId: String(counter), to, from: null, body: `Hello ${counter}`, encoding: 'GSM-7', segments: 1, ...overrides };
}
const numbers = (count: number, start = 100) =>
  Array.from({ length: count }, (_, index) => `+1415555${String(start + index).padStart(4, '0')}`);
/** A loopback port nothing listens on (taken, then released). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const sidOf = (to: string) => fake.messages.find((message) => message.form.To === to)?.sid;

describe('Twilio gateway: sending', () => {
  it('posts each message as Twilio expects and answers one accepted result per message, in order', async () => {
    const batch = [sms('+447911123456'), sms('+14155550101', { from: 'Clinic', body: 'Ünïcode 👋 & = + %' }), sms('+33612345678')];
    const results = await gateway().sendBatch(batch);
    expect(results.map((result) => result.messageId)).toEqual(batch.map((message) => message.messageId));
    expect(results.map((result) => result.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    for (const [index, result] of results.entries()) {
      expect(result).toEqual({ messageId: batch[index]?.messageId, outcome: 'accepted', gatewayMessageId: sidOf(batch[index]?.to ?? '') });
      expect(result.outcome === 'accepted' && result.gatewayMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    }
    const second = fake.messages.find((message) => message.form.To === '+14155550101')?.form;
    expect(second).toEqual({ To: '+14155550101', From: 'Clinic', Body: 'Ünïcode 👋 & = + %', StatusCallback: CALLBACK });
    expect(fake.messages.find((message) => message.form.To === '+447911123456')?.form.From).toBe('+15005550006');
  });

  it('sends through a Messaging Service, and without StatusCallback when there is no public URL', async () => {
    const messagingServiceSid = `MG${'ab'.repeat(16)}`;
    const results = await gateway({ from: undefined, messagingServiceSid }, { statusCallbackUrl: null }).sendBatch([sms('+14155550102')]);
    expect(results[0]?.outcome).toBe('accepted');
    expect(fake.messages[0]?.form).toEqual({ To: '+14155550102', MessagingServiceSid: messagingServiceSid, Body: expect.any(String) });
  });

  it("maps Twilio's refusals to failed results with TWILIO_<code> and Twilio's message", async () => {
    fake.behave('+14155550001', TWILIO_REFUSALS.invalidNumber);
    fake.behave('+14155550002', TWILIO_REFUSALS.notMobile);
    fake.behave('+14155550003', TWILIO_REFUSALS.unknownCode);
    const results = await gateway().sendBatch([sms('+14155550001'), sms('+14155550002'), sms('+14155550003'), sms('+14155550004')]);
    expect(results.map(({ messageId: _id, ...rest }) => rest)).toEqual([
      { outcome: 'failed', errorCode: 'TWILIO_21211', errorText: TWILIO_REFUSALS.invalidNumber.message },
      { outcome: 'failed', errorCode: 'TWILIO_21614', errorText: TWILIO_REFUSALS.notMobile.message },
      { outcome: 'failed', errorCode: 'TWILIO_21999', errorText: TWILIO_REFUSALS.unknownCode.message },
      { outcome: 'accepted', gatewayMessageId: sidOf('+14155550004') },
    ]);
  });

  it('marks an unsubscribed recipient (21610) for opting out', async () => {
    fake.behave('+14155550005', TWILIO_REFUSALS.unsubscribed);
    const [result] = await gateway().sendBatch([sms('+14155550005')]);
    expect(result).toMatchObject({
      outcome: 'failed',
      errorCode: 'TWILIO_21610',
      optOut: true,
      errorText: TWILIO_REFUSALS.unsubscribed.message,
    });
  });

  it('retries a 5xx for that message only and keeps sending the rest', async () => {
    fake.behave('+14155550006', { kind: 'server-error' });
    fake.behave('+14155550007', { kind: 'server-error', status: 502, html: true });
    const results = await gateway().sendBatch([sms('+14155550006'), sms('+14155550007'), sms('+14155550008')]);
    expect(results.map(({ messageId: _id, ...rest }) => rest)).toEqual([
      { outcome: 'retry', errorCode: 'TWILIO_20500', errorText: 'Internal Server Error' },
      { outcome: 'retry', errorCode: 'TWILIO_HTTP_502', errorText: 'Twilio answered HTTP 502' },
      { outcome: 'accepted', gatewayMessageId: sidOf('+14155550008') },
    ]);
  });

  it('honours 429 Retry-After: stops the batch, then waits before sending again', async () => {
    const to = numbers(6);
    fake.behave(to[0] ?? '', { kind: 'throttle', retryAfter: '1' }, 1);
    const twilio = gateway({ concurrency: 1 });
    const results = await twilio.sendBatch(to.map((number) => sms(number)));
    expect(results[0]).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_20429', retryAfterMs: 1000 });
    for (const result of results.slice(1))
      expect(result).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_DEFERRED', retryAfterMs: 1000 });
    expect(fake.attempts).toHaveLength(1);
    // Inside the window the whole gateway declines, saying how long is left.
    const refused = await twilio.sendBatch([sms(to[1] ?? '')]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayUnavailable);
    expect((refused as GatewayUnavailable).retryAfterMs).toBeGreaterThan(0);
    expect((refused as GatewayUnavailable).retryAfterMs).toBeLessThanOrEqual(1000);
    expect(fake.attempts).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const again = await twilio.sendBatch([sms(to[0] ?? '')]);
    expect(again[0]?.outcome).toBe('accepted');
  });

  it('retries a queue-full sender (21611) with a wait hint when Twilio gives no Retry-After', async () => {
    fake.behave('+14155550009', TWILIO_REFUSALS.queueFull);
    const [result, rest] = await gateway({ concurrency: 1 }).sendBatch([sms('+14155550009'), sms('+14155550010')]);
    expect(result).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_21611', retryAfterMs: 60_000 });
    expect(rest).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_DEFERRED', retryAfterMs: 60_000 });
  });

  it('retries when Twilio hangs past the timeout, without sending the rest of the batch', async () => {
    fake.behave('+14155550011', { kind: 'hang' });
    const results = await gateway({ concurrency: 1 }, { requestTimeoutMs: 300 }).sendBatch([
      sms('+14155550012'),
      sms('+14155550011'),
      sms('+14155550013'),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['accepted', 'retry', 'retry']);
    expect(results[1]).toMatchObject({ errorCode: 'TWILIO_TIMEOUT' });
    expect(results[2]).toMatchObject({
      errorCode: 'TWILIO_DEFERRED',
      errorText: expect.stringMatching(/^Not sent: Twilio did not answer within 0.3 s/),
    });
    expect(fake.attempts.map((form) => form.To)).toEqual(['+14155550012', '+14155550011']);
  });

  it('retries when Twilio cannot be reached', async () => {
    const closedPort = await freePort();
    const results = await gateway({ concurrency: 1 }, { apiBaseUrl: `http://127.0.0.1:${closedPort}` }).sendBatch([
      sms('+14155550014'),
      sms('+14155550015'),
    ]);
    expect(results[0]).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_NETWORK', errorText: 'Cannot reach Twilio: ECONNREFUSED' });
    expect(results[1]).toMatchObject({ outcome: 'retry', errorCode: 'TWILIO_DEFERRED' });
  });

  it('throws GatewayUnusable when Twilio refuses the credentials, never showing the token', async () => {
    const twilio = createTwilioGateway(
      {
        config: twilioConfigSchema.parse({ accountSid: fake.accountSid, from: 'Clinic' }),
        secrets: { authToken: 'f'.repeat(32) },
        statusCallbackUrl: null,
        apiBaseUrl: fake.baseUrl,
      },
      noEvents,
    );
    gateways.push(twilio);
    const error = await twilio.sendBatch([sms('+14155550016'), sms('+14155550017')]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnusable);
    expect((error as Error).message).toBe(
      'Twilio refused to send (HTTP 401, error 20003): Authentication failed: check the account SID and auth token',
    );
    expect((error as Error).message).not.toContain('f'.repeat(32));
    const test = await twilio.testConnection();
    expect(test).toEqual({ ok: false, message: 'Twilio refused the credentials (error 20003): check the account SID and auth token' });
    expect(fake.messages).toHaveLength(0);
  });

  it('throws GatewayUnusable when the account or API address is wrong (404)', async () => {
    const error = await gateway({}, { apiBaseUrl: `${fake.baseUrl}/wrong` })
      .sendBatch([sms('+14155550021')])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnusable);
    expect((error as Error).message).toBe(
      'Twilio refused to send (HTTP 404, error 20404): Twilio does not know this account: check accountSid',
    );
  });

  it('never has more than `concurrency` calls in flight, across batches too', async () => {
    const to = numbers(24, 200);
    for (const number of to) fake.behave(number, { kind: 'delay', ms: 40 });
    const twilio = gateway({ concurrency: 3 });
    const messages = to.map((number) => sms(number));
    const [first, second] = await Promise.all([twilio.sendBatch(messages.slice(0, 12)), twilio.sendBatch(messages.slice(12))]);
    expect([...(first ?? []), ...(second ?? [])].every((result) => result.outcome === 'accepted')).toBe(true);
    expect(fake.maxInFlight).toBe(3);
  });

  it('keeps results in message order when answers come back out of order', async () => {
    const to = numbers(8, 300);
    // Earlier messages answer later.
    to.forEach((number, index) => fake.behave(number, { kind: 'delay', ms: (to.length - index) * 15 }));
    const messages = to.map((number) => sms(number));
    const results: SendResult[] = await gateway({ concurrency: 8 }).sendBatch(messages);
    expect(fake.messages.map((message) => message.form.To)).not.toEqual(to);
    expect(results.map((result) => result.messageId)).toEqual(messages.map((message) => message.messageId));
    expect(results.map((result) => (result.outcome === 'accepted' ? result.gatewayMessageId : null))).toEqual(to.map(sidOf));
  });

  it('stops starting messages when the caller aborts', async () => {
    const controller = new AbortController();
    fake.behave('+14155550018', { kind: 'hang' });
    const pending = gateway({ concurrency: 1 }, { requestTimeoutMs: 5_000 }).sendBatch(
      [sms('+14155550018'), sms('+14155550019')],
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    const results = await pending;
    expect(results.map((result) => result.outcome === 'retry' && result.errorCode)).toEqual(['TWILIO_ABORTED', 'TWILIO_ABORTED']);
    expect(fake.attempts).toHaveLength(1);
  });

  it('refuses new batches once closed', async () => {
    const twilio = gateway();
    await twilio.close();
    await expect(twilio.sendBatch([sms('+14155550020')])).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('Twilio gateway: test connection', () => {
  it('names the account when it can send', async () => {
    expect(await gateway().testConnection()).toEqual({
      ok: true,
      details: 'Connected to the Twilio account "Fake Clinic Account" (Full, active)',
    });
  });

  it('says why it cannot', async () => {
    fake.account.status = 'suspended';
    expect(await gateway().testConnection()).toEqual({
      ok: false,
      message: 'The Twilio account "Fake Clinic Account" is suspended: it cannot send messages',
    });
    const other = `AC${'0'.repeat(32)}`;
    expect(await gateway({ accountSid: other }).testConnection()).toEqual({
      ok: false,
      message: 'Twilio refused the credentials (error 20003): check the account SID and auth token',
    });
    const port = await freePort();
    expect(await gateway({}, { apiBaseUrl: `http://127.0.0.1:${port}` }).testConnection()).toEqual({
      ok: false,
      message: `Cannot reach Twilio at http://127.0.0.1:${port}: ECONNREFUSED`,
    });
    fake.account.status = 'active';
    expect(await gateway({}, { apiBaseUrl: `${fake.baseUrl}/wrong` }).testConnection()).toEqual({
      ok: false,
      message: `Twilio does not know the account ${fake.accountSid} at ${fake.baseUrl}/wrong`,
    });
  });
});
