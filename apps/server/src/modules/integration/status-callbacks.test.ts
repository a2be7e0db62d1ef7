import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startReceiver, verifies, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- events are read loosely; assertions check them */

/** The statusCallback of issue 38: a message's status changes POSTed to its own URL, signed like webhooks (decision 092). */
describe('statusCallback', () => {
  let server: TestServer;
  let admin: TestAccount;
  let key = '';
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    key = (await server.post('/api/api-keys', { name: 'Callbacks', scopes: ['messages:send', 'messages:read'] }, { token: admin.token }))
      .body.secret;
    receiver = await startReceiver(0);
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  // What the guide tells the caller: the secret is whsec_ + base64 of the SHA-256 of their key.
  const signingSecret = () => `whsec_${createHash('sha256').update(key).digest('base64')}`;
  const send = (body: Record<string, unknown>) => server.post('/api/v1/messages', body, { token: key });
  const heard = (target: WebhookReceiver, id: string) => target.received.filter((message) => message.event.data.id === id);
  const statusesHeard = (target: WebhookReceiver, id: string, last: string) =>
    waitFor(
      async () => {
        const events = heard(target, id);
        return events.some((message) => message.event.data.status === last) ? events : undefined;
      },
      20_000,
      `the ${last} callback`,
    );

  it('POSTs each status change of a message to its URL, signed with the sending key, for each test number outcome', async () => {
    const outcomes: Array<[string, string[]]> = [
      ['+447700900150', ['sent', 'delivered']],
      ['+447700900250', ['sent', 'undelivered']],
      ['+447700900350', ['failed']],
    ];
    for (const [to, expected] of outcomes) {
      const sent = await send({ to, body: 'Your parcel is on its way', reference: `cb-${to}`, statusCallback: receiver.url });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      expect(sent.body.statusCallback).toBe(receiver.url);
      const events = await statusesHeard(receiver, sent.body.id, expected.at(-1)!);
      const ordered = [...events].sort((a, b) => a.event.createdAt.localeCompare(b.event.createdAt) || 0);
      expect(ordered.map((message) => message.event.data.status)).toEqual(expected);
      for (const message of events) {
        expect(message.event).toMatchObject({ type: 'message.status', data: { id: sent.body.id, to, reference: `cb-${to}` } });
        expect(verifies(signingSecret(), message), 'our reading of the signature').toBe(true);
        // And the reference library's.
        expect(() => new Webhook(signingSecret()).verify(message.body, message.headers)).not.toThrow();
        expect(message.headers['user-agent']).toMatch(/^sms-platform-webhooks\//);
      }
    }
    // A message without a callback calls nothing.
    const quiet = await send({ to: '+447700900151', body: 'No callback' });
    await waitFor(async () =>
      (await server.get(`/api/v1/messages/${quiet.body.id}`, { token: key })).body.status === 'delivered' ? true : undefined,
    );
    const [rows] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from status_callback_deliveries where message_id = ${quiet.body.id}`,
    );
    expect(rows?.n).toBe(0);
  });

  it('retries a callback its receiver failed (the outbox row survives until delivered), and calls back a cancellation', async () => {
    const flaky = await startReceiver(1);
    try {
      const sent = await send({ to: '+447700900160', body: 'Retry me', statusCallback: flaky.url });
      // Both changes (sent, delivered) end delivered, whatever the order the retry put them in.
      const deliveries = await waitFor(
        async () => {
          const rows = await queryRows<{ status: string; attempts: number; last_status_code: number }>(
            server.database.db,
            sql`select status, attempts, last_status_code from status_callback_deliveries where message_id = ${sent.body.id} order by id`,
          );
          return rows.length === 2 && rows.every((row) => row.status === 'delivered') ? rows : undefined;
        },
        20_000,
        'both callbacks delivered',
      );
      // The first attempt got a 500; the same event came again, with the same id.
      const first = flaky.received[0]!;
      expect(flaky.received.filter((message) => message.id === first.id)).toHaveLength(2);
      expect(
        heard(flaky, sent.body.id)
          .map((message) => message.event.data.status)
          .sort(),
      ).toEqual(['delivered', 'sent', 'sent']);
      expect(deliveries.map((row) => row.status)).toEqual(['delivered', 'delivered']);
      expect(Math.max(...deliveries.map((row) => row.attempts))).toBe(2);
    } finally {
      await flaky.close();
    }
    const scheduled = await send({
      to: '+447700900161',
      body: 'Tomorrow',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      statusCallback: receiver.url,
    });
    expect((await server.post(`/api/v1/messages/${scheduled.body.id}/cancel`, undefined, { token: key })).status).toBe(200);
    const cancelled = await statusesHeard(receiver, scheduled.body.id, 'cancelled');
    expect(cancelled.map((message) => message.event.data.status)).toEqual(['cancelled']);
  });

  it('keeps a change that happened while no deliverer ran, and sends it once one runs again', async () => {
    const sent = await send({
      to: '+447700900180',
      body: 'Later',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      statusCallback: receiver.url,
    });
    await server.engine?.stop();
    try {
      // A change written while every sending process is down (here: a cancellation through the API).
      expect((await server.post(`/api/v1/messages/${sent.body.id}/cancel`, undefined, { token: key })).status).toBe(200);
      const [row] = await queryRows<{ status: string; attempts: number }>(
        server.database.db,
        sql`select status, attempts from status_callback_deliveries where message_id = ${sent.body.id}`,
      );
      expect(row).toEqual({ status: 'pending', attempts: 0 });
      expect(heard(receiver, sent.body.id)).toEqual([]);
    } finally {
      server.engine?.start();
    }
    const events = await statusesHeard(receiver, sent.body.id, 'cancelled');
    expect(events).toHaveLength(1);
  });

  it('refuses a callback that is not https or not a public address unless private addresses are allowed, naming the field', async () => {
    const strict = await startTestServer();
    try {
      const strictAdmin = await strict.createAdmin();
      await configureSimulator(strict, strictAdmin.token, {});
      const strictKey = (await strict.post('/api/api-keys', { name: 'Strict', scopes: ['messages:send'] }, { token: strictAdmin.token }))
        .body.secret;
      for (const [statusCallback, pattern] of [
        ['ftp://example.org/cb', /https/],
        ['not a url', /https/],
        ['http://example.org/cb', /https/],
        ['https://127.0.0.1/cb', /public address/],
        ['https://localhost/cb', /public address/],
        ['https://10.0.0.7/cb', /public address/],
        ['https://169.254.169.254/latest', /public address/],
      ] as const) {
        const refused = await strict.post('/api/v1/messages', { to: '+447700900170', body: 'x', statusCallback }, { token: strictKey });
        expect(refused.status, statusCallback).toBe(400);
        expect(refused.body.field, statusCallback).toBe('statusCallback');
        expect(refused.body.message, statusCallback).toMatch(pattern);
      }
      const batch = await strict.post(
        '/api/v1/messages/batch',
        {
          messages: [
            { to: '+447700900171', body: 'x', statusCallback: 'https://10.1.2.3/cb' },
            { to: '+447700900172', body: 'y' },
          ],
        },
        { token: strictKey },
      );
      expect(batch.body.results.map((result: any) => [result.status, result.error?.field ?? null])).toEqual([
        ['rejected', 'statusCallback'],
        ['accepted', null],
      ]);
      const [count] = await queryRows<{ n: number }>(strict.database.db, sql`select count(*)::int as n from messages where kind = 'api'`);
      expect(count?.n).toBe(1);
      // A public address is taken as it is.
      const accepted = await strict.post(
        '/api/v1/messages',
        { to: '+447700900173', body: 'x', statusCallback: 'https://93.184.215.14/cb' },
        { token: strictKey },
      );
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    } finally {
      await strict.close();
    }
  });
});
