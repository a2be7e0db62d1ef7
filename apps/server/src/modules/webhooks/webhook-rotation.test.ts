import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../../test/webhook-receiver.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// Editing an endpoint, rotating its signing secret, turning it on again (issue 38; decision 093).
describe('webhook endpoints: edit, rotate the secret, enable again', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let apiKey = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    await configureSimulator(server, admin.token, {});
    apiKey = (await server.post('/api/api-keys', { name: 'Rotation', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
  });
  afterAll(() => server?.close());

  const register = async (url: string, body: Record<string, unknown> = {}) => {
    const created = await server.post('/api/webhooks', { url, events: ['message.status'], ...body }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { webhook: any; secret: string };
  };
  const patch = (id: string, body: unknown, token = admin.token) => server.request('PATCH', `/api/webhooks/${id}`, { body, token });
  const send = async (to: string) =>
    expect((await server.post('/api/v1/messages', { to, body: 'Hello' }, { token: apiKey })).status).toBe(202);
  /** The first request the receiver gets after `seen` earlier ones. */
  const nextAfter = (receiver: WebhookReceiver, seen: number): Promise<ReceivedWebhook> =>
    waitFor(async () => receiver.received[seen], 20_000, 'a delivery');
  const auditOf = (id: string) =>
    queryRows<{ action: string; details: any }>(
      server.database.db,
      sql`select action, details from audit_log where subject_id = ${id} order by id`,
    );

  it('edits an endpoint (admins only, 400 naming the field, 404 when unknown), audited', async () => {
    const { webhook } = await register('http://127.0.0.1:9/a', { description: 'CRM', active: false });
    expect(webhook.description).toBe('CRM');
    expect((await server.request('PATCH', `/api/webhooks/${webhook.id}`, { body: { description: 'x' } })).status).toBe(401);
    expect((await patch(webhook.id, { description: 'x' }, manager.token)).status).toBe(403);
    for (const [body, field] of [
      [{ url: 'ftp://x' }, 'url'],
      [{ events: [] }, 'events'],
      [{ events: ['nope'] }, 'events.0'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ active: 'yes' }, 'active'],
    ] as const) {
      const refused = await patch(webhook.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await patch('00000000-0000-4000-8000-000000000000', { description: 'x' })).status).toBe(404);
    expect((await patch('nope', { description: 'x' })).status).toBe(400);

    const changed = await patch(webhook.id, {
      url: 'http://127.0.0.1:9/b',
      events: ['contact.opted_in', 'contact.opted_in'],
      description: 'Shop',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.webhook).toMatchObject({
      url: 'http://127.0.0.1:9/b',
      events: ['contact.opted_in'],
      description: 'Shop',
      active: false,
    });
    const listed = (await server.get('/api/webhooks', { token: admin.token })).body.data.find((hook: any) => hook.id === webhook.id);
    expect(listed).toMatchObject({ url: 'http://127.0.0.1:9/b', description: 'Shop' });
    expect((await auditOf(webhook.id)).find((entry) => entry.action === 'webhook.update')?.details).toMatchObject({
      url: 'http://127.0.0.1:9/b',
      description: 'Shop',
    });
    expect((await server.delete(`/api/webhooks/${webhook.id}`, { token: admin.token })).status).toBe(204);
  });

  it('rotates the signing secret: during the overlap both secrets verify (standardwebhooks), after it only the new one', async () => {
    const receiver = await startReceiver(0);
    try {
      const { webhook, secret: first } = await register(receiver.url);
      expect((await server.post(`/api/webhooks/${webhook.id}/rotate-secret`, {}, { token: manager.token })).status).toBe(403);
      const bad = await server.post(`/api/webhooks/${webhook.id}/rotate-secret`, { overlapHours: -1 }, { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('overlapHours');
      expect(
        (await server.post('/api/webhooks/00000000-0000-4000-8000-000000000000/rotate-secret', {}, { token: admin.token })).status,
      ).toBe(404);

      const rotated = await server.post(`/api/webhooks/${webhook.id}/rotate-secret`, undefined, { token: admin.token });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      const second = rotated.body.secret as string;
      expect(second).toMatch(/^whsec_/);
      expect(second).not.toBe(first);
      expect(rotated.body.webhook.previousSecretExpiresAt).not.toBeNull();
      expect(JSON.stringify((await server.get('/api/webhooks', { token: admin.token })).body)).not.toContain(second);

      await send('+447400559001');
      const during = await nextAfter(receiver, 0);
      // Two signatures, space-separated, the new secret's first.
      expect(during.signature).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
      // The reference library (standardwebhooks on npm), as a receiver holding either secret checks it.
      expect(new Webhook(second).verify(during.body, during.headers)).toEqual(during.event);
      expect(new Webhook(first).verify(during.body, during.headers)).toEqual(during.event);
      expect(() => new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(during.body, during.headers)).toThrow();

      // Rotated again without an overlap: one signature, by the newest secret only.
      const third = await server.post(`/api/webhooks/${webhook.id}/rotate-secret`, { overlapHours: 0 }, { token: admin.token });
      expect(third.status).toBe(200);
      const seen = receiver.received.length;
      await send('+447400559002');
      const after = await waitFor(
        async () => receiver.received.slice(seen).find((message) => message.event.data.to === '+447400559002'),
        20_000,
        'a delivery after the second rotation',
      );
      expect(after.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(new Webhook(third.body.secret).verify(after.body, after.headers)).toEqual(after.event);
      expect(() => new Webhook(second).verify(after.body, after.headers)).toThrow();
      expect(() => new Webhook(first).verify(after.body, after.headers)).toThrow();

      const rotations = (await auditOf(webhook.id)).filter((entry) => entry.action === 'webhook.rotate_secret');
      expect(rotations.map((entry) => entry.details.overlapHours)).toEqual([24, 0]);
    } finally {
      await receiver.close();
    }
  });

  it('turns an endpoint disabled after a day of failures on again: failing time cleared, halted deliveries sent', async () => {
    const failing = await startReceiver(Number.POSITIVE_INFINITY);
    const healthy = await startReceiver(0);
    try {
      const { webhook, secret } = await register(failing.url);
      await server.database.db.execute(
        sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${webhook.id}`,
      );
      await send('+447400559003');
      const disabled = await waitFor(
        async () => {
          const list = await server.get('/api/webhooks', { token: admin.token });
          const hook = list.body.data.find((candidate: any) => candidate.id === webhook.id);
          return hook?.disabledAt ? hook : undefined;
        },
        20_000,
        'the endpoint to be turned off',
      );
      expect(disabled).toMatchObject({ active: false, disabledReason: 'FAILING_FOR_24_HOURS' });
      const failedIds = new Set(failing.received.map((message) => message.id));
      expect(failedIds.size).toBeGreaterThan(0);

      // The receiver is fixed (here: another address), then the endpoint is turned on again.
      expect((await patch(webhook.id, { url: healthy.url })).status).toBe(200);
      expect((await server.post(`/api/webhooks/${webhook.id}/enable`, undefined, { token: manager.token })).status).toBe(403);
      expect(
        (await server.post('/api/webhooks/00000000-0000-4000-8000-000000000000/enable', undefined, { token: admin.token })).status,
      ).toBe(404);
      const enabled = await server.post(`/api/webhooks/${webhook.id}/enable`, undefined, { token: admin.token });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
      expect(enabled.body.webhook).toMatchObject({ active: true, disabledAt: null, disabledReason: null });
      const [row] = await queryRows<{ failing_since: Date | null }>(
        server.database.db,
        sql`select failing_since from webhook_endpoints where id = ${webhook.id}`,
      );
      expect(row?.failing_since).toBeNull();

      // Every event halted by the disabling arrives, same event ids, signed.
      await waitFor(
        async () => ([...failedIds].every((id) => healthy.received.some((message) => message.id === id)) ? true : undefined),
        20_000,
        'the halted deliveries',
      );
      for (const message of healthy.received) expect(new Webhook(secret).verify(message.body, message.headers)).toEqual(message.event);
      const log = await server.get(`/api/webhooks/${webhook.id}/deliveries`, { token: admin.token });
      expect(log.body.data.map((delivery: any) => delivery.status)).not.toContain('failed');
      const enable = (await auditOf(webhook.id)).find((entry) => entry.action === 'webhook.enable');
      expect(enable?.details.resumed).toBeGreaterThan(0);
    } finally {
      await failing.close();
      await healthy.close();
    }
  });

  it('turned off by hand, an endpoint halts its pending deliveries; turned on through PATCH, it sends them', async () => {
    const receiver = await startReceiver(0);
    try {
      const { webhook } = await register(receiver.url);
      // A delivery waiting for its retry in an hour when the endpoint is turned off.
      await server.database.db.execute(
        sql`insert into webhook_deliveries (endpoint_id, event_type, data, next_attempt_at)
            values (${webhook.id}, 'message.status', '{"id":"held"}'::jsonb, now() + interval '1 hour')`,
      );
      const off = await patch(webhook.id, { active: false });
      expect(off.status).toBe(200);
      expect(off.body.webhook.active).toBe(false);
      const halted = await server.get(`/api/webhooks/${webhook.id}/deliveries`, { token: admin.token });
      expect(halted.body.data.map((delivery: any) => delivery.status)).toEqual(['failed']);
      const on = await patch(webhook.id, { active: true });
      expect(on.status).toBe(200);
      expect(on.body.webhook.active).toBe(true);
      const arrived = await nextAfter(receiver, 0);
      expect(arrived.event.data).toEqual({ id: 'held' });
    } finally {
      await receiver.close();
    }
  });
});
