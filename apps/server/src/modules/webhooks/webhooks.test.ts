import { hostname } from 'node:os';
import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startReceiver, undocumented, verifies } from '../../../test/webhook-receiver.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('webhooks', () => {
  let server: TestServer;
  let admin: TestAccount;
  let apiKey = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    apiKey = (await server.post('/api/api-keys', { name: 'Hooks', scopes: ['messages:send', 'contacts:write'] }, { token: admin.token }))
      .body.secret;
  });
  afterAll(() => server?.close());

  it('are for administrators, with 400 naming the field', async () => {
    const manager = await server.createUser('manager');
    expect((await server.get('/api/webhooks')).status).toBe(401);
    expect((await server.get('/api/webhooks', { token: manager.token })).status).toBe(403);
    const badUrl = await server.post('/api/webhooks', { url: 'ftp://x', events: ['message.status'] }, { token: admin.token });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toBe('url');
    const badEvent = await server.post('/api/webhooks', { url: 'https://example.org/h', events: ['nope'] }, { token: admin.token });
    expect(badEvent.status).toBe(400);
    expect(badEvent.body.field).toMatch(/^events/);
    expect((await server.get('/api/webhooks/00000000-0000-4000-8000-000000000000/deliveries', { token: admin.token })).status).toBe(404);
  });

  it('refuses every non-public address at registration, names resolved as at delivery, unless allowed', async () => {
    const strict = await startTestServer();
    try {
      const strictAdmin = await strict.createAdmin();
      for (const url of [
        'http://127.0.0.1:9/h',
        'http://localhost.:1/',
        'http://LOCALHOST/h',
        'http://api.localhost/h',
        // This machine's own name, in /etc/hosts: loopback or private on ordinary hosts and containers.
        `http://${hostname()}:1/`,
        'http://[::127.0.0.1]/',
        'http://[::ffff:127.0.0.1]/',
        'http://[64:ff9b::7f00:1]/',
        'http://[64:ff9b:1::a00:1]/',
        'http://[2002:7f00:1::1]/',
        'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
        'http://[fec0::1]/',
        'http://[fe80::1]/',
        'http://[fd00:ec2::254]/',
        'http://[ff02::1]/',
        'http://198.18.0.1/',
        'http://224.0.0.1/',
        'http://255.255.255.255/',
        'http://100.64.0.1/',
        'http://169.254.169.254/latest/meta-data',
        'http://2130706433/',
        'http://0x7f.1/',
      ]) {
        const refused = await strict.post('/api/webhooks', { url, events: ['message.status'] }, { token: strictAdmin.token });
        expect(refused.status, url).toBe(400);
        expect(refused.body.field, url).toBe('url');
        expect(refused.body.message, url).toMatch(/must be a public address/);
      }
      // Public addresses, and a name that does not resolve (yet): the delivery checks it again.
      for (const url of [
        'https://93.184.215.14/h',
        'https://[2606:4700::1111]/h',
        'https://[64:ff9b::808:808]/h',
        'https://hooks.invalid/h',
      ]) {
        const created = await strict.post('/api/webhooks', { url, events: ['message.status'] }, { token: strictAdmin.token });
        expect(created.status, `${url}: ${JSON.stringify(created.body)}`).toBe(201);
      }
    } finally {
      await strict.close();
    }
    // ALLOW_PRIVATE_WEBHOOK_URLS (this file's server) keeps allowing private and loopback endpoints.
    for (const url of ['http://127.0.0.1:9/h', 'http://localhost:9/h', 'http://[::1]:9/h']) {
      const created = await server.post('/api/webhooks', { url, events: ['message.status'], active: false }, { token: admin.token });
      expect(created.status, url).toBe(201);
      expect((await server.delete(`/api/webhooks/${created.body.webhook.id}`, { token: admin.token })).status).toBe(204);
    }
  });

  it('delivers signed events, retries after a 500 with the same event id, and logs each delivery', async () => {
    const receiver = await startReceiver(1);
    try {
      const created = await server.post(
        '/api/webhooks',
        { url: receiver.url, events: ['message.status', 'message.inbound', 'contact.opted_out'] },
        { token: admin.token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { webhook, secret } = created.body;
      expect(secret).toMatch(/^whsec_/);
      expect(JSON.stringify((await server.get('/api/webhooks', { token: admin.token })).body)).not.toContain(secret);

      const sent = await server.post('/api/v1/messages', { to: '+447400555001', body: 'Hello' }, { token: apiKey });
      expect(sent.status).toBe(202);
      await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
        { gatewayMessageId: 'hook-in-1', from: '+447400555001', to: '+447700999999', body: 'STOP', receivedAt: new Date() },
      ]);

      const types = ['message.status', 'message.inbound', 'contact.opted_out'];
      await waitFor(
        async () => {
          const delivered = new Set(
            receiver.received.filter((m, i, all) => all.findIndex((o) => o.id === m.id) === i).map((m) => m.event.type),
          );
          return types.every((type) => delivered.has(type)) ? true : undefined;
        },
        20_000,
        'every kind of event to arrive',
      );
      for (const message of receiver.received) expect(verifies(secret, message), message.body).toBe(true);
      // And by the independent reference library (standardwebhooks on npm), as a receiver would check them.
      const reference = new Webhook(secret);
      for (const message of receiver.received) expect(reference.verify(message.body, message.headers)).toEqual(message.event);
      // A changed body or another secret does not verify.
      const sample = receiver.received[0]!;
      // Receivers can tell our requests apart (and allow them through a firewall rule): a product User-Agent.
      for (const message of receiver.received) expect(message.headers['user-agent']).toMatch(/^sms-platform-webhooks\/\d+\.\d+\.\d+$/);
      expect(() => reference.verify(sample.body.replace('}', ',"x":1}'), sample.headers)).toThrow();
      expect(() => new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(sample.body, sample.headers)).toThrow();
      // As the OpenAPI document's webhooks describe them (decision 094): every field, no other.
      for (const { event } of receiver.received) expect(undocumented(event), JSON.stringify(event)).toEqual([]);
      const status = receiver.received.find((m) => m.event.type === 'message.status');
      expect(status?.event.data).toMatchObject({ id: sent.body.id, to: '+447400555001' });
      const optedOut = receiver.received.find((m) => m.event.type === 'contact.opted_out');
      expect(optedOut?.event.data.phone).toBe('+447400555001');

      // The first request got a 500: the same event came again, and no id arrived more than twice.
      const first = receiver.received[0]!;
      await waitFor(async () => (receiver.received.filter((m) => m.id === first.id).length >= 2 ? true : undefined), 10_000, 'the retry');
      expect(receiver.received.filter((m) => m.id === first.id).length).toBe(2);
      const counts = new Map<string, number>();
      for (const m of receiver.received) counts.set(m.id, (counts.get(m.id) ?? 0) + 1);
      expect([...counts.values()].filter((n) => n > 1)).toEqual([2]);

      const log = await server.get(`/api/webhooks/${webhook.id}/deliveries`, { token: admin.token });
      expect(log.status).toBe(200);
      const retried = log.body.data.find((d: any) => d.eventId === first.id);
      expect(retried).toMatchObject({ status: 'delivered', attempts: 2, statusCode: 200 });

      // Resend: the same event id once more.
      const before = receiver.received.length;
      expect(
        (await server.post(`/api/webhooks/${webhook.id}/deliveries/${retried.id}/resend`, undefined, { token: admin.token })).status,
      ).toBe(204);
      await waitFor(async () => (receiver.received.length > before ? true : undefined), 10_000, 'the resent delivery');
      expect(receiver.received.at(-1)?.id).toBe(first.id);
      expect((await server.delete(`/api/webhooks/${webhook.id}`, { token: admin.token })).status).toBe(204);
    } finally {
      await receiver.close();
    }
  });
});
