import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

describe('POST /api/v1/messages/{id}/cancel', () => {
  let server: TestServer;
  let admin: TestAccount;
  let secret = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    secret = (
      await server.post(
        '/api/api-keys',
        { name: 'Reminders', scopes: ['messages:send', 'messages:read'], rateLimit: 1000 },
        { token: admin.token },
      )
    ).body.secret;
  });
  afterAll(() => server?.close());

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const schedule = async (to: string) => {
    const sent = await server.post('/api/v1/messages', { to, body: 'See you tomorrow', scheduledAt: inAnHour() }, { token: secret });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    return sent.body as { id: string; scheduledAt: string };
  };
  const cancel = (id: string, token = secret) => server.post(`/api/v1/messages/${id}/cancel`, undefined, { token });

  it('cancels a scheduled message (status cancelled, audited), again without harm, with any key that may send', async () => {
    const message = await schedule('+447700900101');
    const cancelled = await cancel(message.id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: message.id, status: 'cancelled', scheduledAt: message.scheduledAt, sentAt: null });
    expect((await server.get(`/api/v1/messages/${message.id}`, { token: secret })).body.status).toBe('cancelled');
    const again = await cancel(message.id);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('cancelled');
    const [audit] = await queryRows<{ actor_name: string; subject_id: string }>(
      server.database.db,
      sql`select actor_name, subject_id from audit_log where action = 'message.api_cancel'`,
    );
    expect(audit).toEqual({ actor_name: 'Reminders (API key)', subject_id: message.id });
    // Organisation-wide, like reads: another key that may send cancels what this one sent.
    const other = (await server.post('/api/api-keys', { name: 'Other', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
    const second = await schedule('+447700900102');
    expect((await cancel(second.id, other)).body.status).toBe('cancelled');
    // Due now, the engine still finds nothing to send.
    await server.database.db.execute(sql`update messages set next_attempt_at = now() where id in (${message.id}, ${second.id})`);
    server.engine?.wakeOneOffs();
    const probe = await server.post('/api/v1/messages', { to: '+447700900103', body: 'After' }, { token: secret });
    await waitFor(async () => ((await server.get(`/api/v1/messages/${probe.body.id}`, { token: secret })).body.sentAt ? true : undefined));
    const rows = await queryRows<{ status: string; attempts: number }>(
      server.database.db,
      sql`select status, attempts from messages where id in (${message.id}, ${second.id})`,
    );
    expect(rows).toEqual([
      { status: 'cancelled', attempts: 0 },
      { status: 'cancelled', attempts: 0 },
    ]);
  });

  it('answers 409 MESSAGE_NOT_CANCELLABLE once a gateway has had the message, and leaves it as it is', async () => {
    const sent = await server.post('/api/v1/messages', { to: '+447700900104', body: 'Now' }, { token: secret });
    const delivered = await waitFor(async () => {
      const { body } = await server.get(`/api/v1/messages/${sent.body.id}`, { token: secret });
      return body.status === 'delivered' ? body : undefined;
    });
    const refused = await cancel(delivered.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MESSAGE_NOT_CANCELLABLE');
    expect(refused.body.message).toContain('delivered');
    expect((await server.get(`/api/v1/messages/${sent.body.id}`, { token: secret })).body.status).toBe('delivered');
    // Queued again after a claim that may have handed it over (lease recovery stamps handed_at): not cancellable either.
    const retried = await schedule('+447700900105');
    await server.database.db.execute(sql`update messages set handed_at = now(), claimed_at = now() where id = ${retried.id}`);
    const maybeHanded = await cancel(retried.id);
    expect(maybeHanded.status).toBe(409);
    expect(maybeHanded.body).toMatchObject({ code: 'MESSAGE_NOT_CANCELLABLE' });
    expect(maybeHanded.body.message).toMatch(/gateway already has/);
  });

  it('is 401 without a key, 403 without messages:send, 400 naming a bad id, 404 for an unknown or campaign message', async () => {
    const message = await schedule('+447700900106');
    expect((await server.post(`/api/v1/messages/${message.id}/cancel`)).status).toBe(401);
    const reader = (await server.post('/api/api-keys', { name: 'Reader', scopes: ['messages:read'] }, { token: admin.token })).body.secret;
    const forbidden = await cancel(message.id, reader);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toContain('messages:send');
    const bad = await cancel('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    expect((await cancel('999999999')).status).toBe(404);
    expect((await server.get(`/api/v1/messages/${message.id}`, { token: secret })).body.status).toBe('queued');
  });
});
