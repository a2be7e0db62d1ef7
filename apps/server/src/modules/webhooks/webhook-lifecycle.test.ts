import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startNotices } from '../../../test/account-fixtures.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/** Registers an endpoint through the staff API; answers its id and secret. */
async function register(server: TestServer, token: string, url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const created = await server.post('/api/webhooks', { url, events }, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.webhook.id, secret: created.body.secret };
}

const endpointRow = async (server: TestServer, id: string) =>
  (
    await queryRows<{ active: boolean; failing_since: Date | null; disabled_at: Date | null }>(
      server.database.db,
      sql`select active, failing_since, disabled_at from webhook_endpoints where id = ${id}`,
    )
  )[0];

describe('webhook endpoints failing for a day', () => {
  let server: TestServer;
  let admin: TestAccount;
  let apiKey = '';
  let smtp: SmtpPeer;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      engine: true,
      config: { allowPrivateWebhookUrls: true, smtpUrl: smtp.url, mailFrom: 'SMS Platform <no-reply@example.test>' },
    });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await startNotices(server);
    apiKey = (await server.post('/api/api-keys', { name: 'Lifecycle', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const send = async (to: string) =>
    expect((await server.post('/api/v1/messages', { to, body: 'Hello' }, { token: apiKey })).status).toBe(202);

  it('a success clears the failing time', async () => {
    const receiver = await startReceiver(0);
    try {
      const { id } = await register(server, admin.token, receiver.url, ['message.status']);
      await server.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${id}`);
      await send('+447400556001');
      await waitFor(async () => ((await endpointRow(server, id))?.failing_since === null ? true : undefined), 20_000, 'the success');
      expect((await endpointRow(server, id))?.active).toBe(true);
      expect((await server.delete(`/api/webhooks/${id}`, { token: admin.token })).status).toBe(204);
    } finally {
      await receiver.close();
    }
  });

  it('stays on when failing for less than 24 hours, is turned off after 24, audited, admins told, shown in the list', async () => {
    const receiver = await startReceiver(Number.POSITIVE_INFINITY);
    try {
      const { id } = await register(server, admin.token, receiver.url, ['message.status']);
      // The database clock decides: 23 hours of failures so far.
      await server.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '23 hours' where id = ${id}`);
      await send('+447400556002');
      await waitFor(async () => (receiver.received.length >= 1 ? true : undefined), 20_000, 'a first (failed) attempt');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stillOn = await endpointRow(server, id);
      expect(stillOn).toMatchObject({ active: true, disabled_at: null });
      expect(stillOn?.failing_since).not.toBeNull();

      // Past 24 hours: the next failed attempt turns it off.
      await server.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${id}`);
      const listed = await waitFor(
        async () => {
          const list = await server.get('/api/webhooks', { token: admin.token });
          const hook = list.body.data.find((candidate: any) => candidate.id === id);
          return hook?.disabledAt ? hook : undefined;
        },
        20_000,
        'the endpoint to be turned off',
      );
      expect(listed).toMatchObject({ active: false, disabledReason: 'FAILING_FOR_24_HOURS' });
      // No delivery is left waiting for it, and new events no longer queue for it.
      const log = await server.get(`/api/webhooks/${id}/deliveries`, { token: admin.token });
      expect(log.body.data.map((delivery: any) => delivery.status)).not.toContain('pending');
      const heard = receiver.received.length;
      await send('+447400556003');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.received.length).toBe(heard);

      const [audit] = await queryRows<{ details: any }>(
        server.database.db,
        sql`select details from audit_log where action = 'webhook.disable' and subject_id = ${id}`,
      );
      expect(audit?.details).toMatchObject({ url: receiver.url, reason: 'FAILING_FOR_24_HOURS' });
      // SMTP is configured: every active admin gets an e-mail naming the endpoint (without SMTP, the admins' outbox).
      const mail = await waitFor(async () => smtp.received.find((item) => item.to.includes(admin.user.email)), 20_000, 'the e-mail');
      expect(mail.data).toContain('webhook was turned off');
      expect(mail.data.replace(/=\r\n/g, '')).toContain(`127.0.0.1:${new URL(receiver.url).port}`);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhook addresses resolved at delivery', () => {
  let server: TestServer;
  let admin: TestAccount;
  let key = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    key = (await server.post('/api/api-keys', { name: 'Strict', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
  });
  afterAll(() => server?.close());

  /**
   * An endpoint written straight into the table, as one registered before its name's DNS changed
   * (registration now refuses these URLs); answers its first delivery once attempted.
   */
  const firstDelivery = async (url: string, to: string) => {
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into webhook_endpoints (url, events, secret, active, created_by)
          values (${url}, array['message.status'], 'whsec_dGVzdA==', true, ${admin.user.id}) returning id`,
    );
    const id = row!.id;
    expect((await server.post('/api/v1/messages', { to, body: 'Hi' }, { token: key })).status).toBe(202);
    try {
      return await waitFor(
        async () => {
          const log = await server.get(`/api/webhooks/${id}/deliveries`, { token: admin.token });
          // Claimed counts the attempt; its outcome (status or error) is written once the post is over.
          return log.body.data.find((candidate: any) => candidate.attempts > 0 && (candidate.status !== 'pending' || candidate.error));
        },
        20_000,
        'the first attempt',
      );
    } finally {
      await server.database.db.execute(sql`update webhook_endpoints set active = false where id = ${id}`);
    }
  };

  it('refuses a name that resolves to a private or loopback address, without retrying', async () => {
    // This machine's own name resolves to a loopback or private address on ordinary hosts and
    // containers (/etc/hosts).
    const name = hostname();
    const addresses = await lookup(name, { all: true });
    expect(addresses.length, `${name} resolves`).toBeGreaterThan(0);
    const receiver = await startReceiver(0, '0.0.0.0');
    try {
      const delivery = await firstDelivery(`http://${name}:${receiver.port}/hook`, '+447400558001');
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toBe(1);
      expect(delivery.error).toMatch(/not a public address/);
      expect(delivery.error).toContain(addresses[0]?.address);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('refuses an IPv4-compatible loopback literal ([::127.0.0.1]) without connecting', async () => {
    const receiver = await startReceiver(0, '::');
    try {
      const delivery = await firstDelivery(`http://[::127.0.0.1]:${receiver.port}/hook`, '+447400558002');
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toBe(1);
      expect(delivery.error).toMatch(/not a public address/);
      expect(delivery.error).toContain('127.0.0.1');
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
