import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/**
 * The database work of one POST /api/v1/messages (issue 20: a busy integration API must not slow
 * a campaign sending at full rate on the same host; decision 045). Statements are counted as
 * drizzle sends them; PGlite's BEGIN/COMMIT are its own and not seen, PostgreSQL's are.
 */
describe('POST /api/v1/messages round trips', () => {
  let server: TestServer;
  let admin: TestAccount;
  let statements: string[] | undefined;

  beforeAll(async () => {
    server = await startTestServer({ onQuery: (query) => statements?.push(query) });
    admin = await server.createAdmin();
  });
  afterAll(() => server?.close());

  const createKey = async (name: string) => {
    const created = await server.post(
      '/api/api-keys',
      { name, scopes: ['messages:send', 'messages:read'], rateLimit: 1000 },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { apiKey: any; secret: string };
  };
  const send = (secret: string, to: string, body: Record<string, unknown> = {}) =>
    server.post('/api/v1/messages', { to, body: 'Your code is 481516', priority: 'high', ...body }, { token: secret });
  /** What `act` sends to the database (PostgreSQL's BEGIN and COMMIT included, PGlite's are its own). */
  const recorded = async (act: () => Promise<void>) => {
    statements = [];
    await act();
    const sent = statements;
    statements = undefined;
    return sent;
  };

  it('costs one statement per send once the key and the gateway are known (was eight, plus BEGIN/COMMIT)', async () => {
    const { secret } = await createKey('One-time codes');
    expect((await send(secret, '+447400800000')).status).toBe(202);
    const sends = 20;
    const started = Date.now();
    const sent = await recorded(async () => {
      for (let i = 1; i <= sends; i++) {
        const answer = await send(secret, `+4474008000${String(i).padStart(2, '0')}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      }
    });
    const seconds = Math.ceil((Date.now() - started) / 1000);
    // Per send, one statement and no transaction: the suppression check, the contact upsert, the
    // message and its audit entry.
    expect(sent.filter((query) => /^(begin|commit)\b/i.test(query.trim()))).toEqual([]);
    const cached = /\b(api_keys|gateways|app_settings)\b/;
    const perSend = sent.filter((query) => !cached.test(query));
    expect(perSend.length, perSend.join('\n')).toBe(sends);
    // Now and then: the key read again (1 s), the default gateway and the messaging settings read
    // again and the last uses written (2 s each). On a loaded host the sends outlast those bounds.
    const nowAndThen = sent.filter((query) => cached.test(query));
    expect(nowAndThen.length, nowAndThen.join('\n')).toBeLessThanOrEqual(3 * seconds + 4);
    const [audits] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where action = 'message.api_send' and actor_name = 'One-time codes (API key)'`,
    );
    expect(audits?.n).toBe(sends + 1);
  });

  it('queues every send of a burst to one new number, with one contact (a contact created meanwhile is read again)', async () => {
    const { secret } = await createKey('Burst');
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(secret, '+447400800501')));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 202));
    expect(new Set(answers.map((answer) => answer.body.contactId)).size).toBe(1);
    const [contacts] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from contacts where phone = '+447400800501'`,
    );
    expect(contacts?.n).toBe(1);
  });

  it('checks numbers against the suppression list step by step once someone is on it (a batch keeps one audit entry)', async () => {
    const { secret } = await createKey('Listed');
    await server.database.db.execute(sql`insert into suppressed_phones (phone_hash, opted_out) values ('not-a-real-hash', true)`);
    try {
      const batch = await server.post(
        '/api/v1/messages/batch',
        {
          messages: [
            { to: '+447400800601', body: 'One' },
            { to: 'not a number', body: 'Two' },
            { to: '+447400800602', body: 'Three' },
          ],
        },
        { token: secret },
      );
      expect(batch.status, JSON.stringify(batch.body)).toBe(202);
      expect(batch.body.results.map((result: any) => result.status)).toEqual(['accepted', 'rejected', 'accepted']);
      const audits = await queryRows<{ details: any }>(
        server.database.db,
        sql`select details from audit_log where action = 'message.api_send' and actor_name = 'Listed (API key)'`,
      );
      expect(audits.map((audit) => audit.details.count)).toEqual([2]);
      expect(audits[0]?.details.ids).toEqual(batch.body.results.flatMap((result: any) => (result.message ? [result.message.id] : [])));
    } finally {
      await server.database.db.execute(sql`delete from suppressed_phones where phone_hash = 'not-a-real-hash'`);
    }
  });

  it('refuses a revoked key at once, even when it was just used (the key cache cannot hide a revocation)', async () => {
    const { apiKey, secret } = await createKey('Revoked soon');
    const before = await Promise.all([send(secret, '+447400800101'), server.get('/api/v1/messages', { token: secret })]);
    expect(before.map((answer) => answer.status)).toEqual([202, 200]);
    expect((await server.delete(`/api/api-keys/${apiKey.id}`, { token: admin.token })).status).toBe(204);
    const after = await send(secret, '+447400800102');
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
    expect((await server.get('/api/v1/messages', { token: secret })).status).toBe(401);
  });

  it('audits with a renamed key at once', async () => {
    const { apiKey, secret } = await createKey('Old name');
    expect((await send(secret, '+447400800201')).status).toBe(202);
    const renamed = await server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body: { name: 'New name' }, token: admin.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.apiKey.lastUsedAt).not.toBeNull();
    expect((await send(secret, '+447400800202')).status).toBe(202);
    const [audit] = await queryRows<{ actor_name: string }>(
      server.database.db,
      sql`select actor_name from audit_log where action = 'message.api_send' order by id desc limit 1`,
    );
    expect(audit?.actor_name).toBe('New name (API key)');
  });

  it('writes the last use within seconds without anyone listing the keys', async () => {
    const { apiKey, secret } = await createKey('Quiet');
    expect((await send(secret, '+447400800301')).status).toBe(202);
    await waitFor(
      async () => {
        const [row] = await queryRows<{ last_used_at: unknown; last_used_ip: string | null }>(
          server.database.db,
          sql`select last_used_at, last_used_ip from api_keys where id = ${apiKey.id}`,
        );
        return row?.last_used_at ? row : undefined;
      },
      5_000,
      'the last use to be written',
    );
  });

  it('reads national numbers with the default country an admin just changed, the settings read once for many sends', async () => {
    const { secret } = await createKey('National');
    const setCountry = async (defaultCountry: string) =>
      expect((await server.put('/api/settings/messaging', { defaultCountry }, { token: admin.token })).status).toBe(200);
    await setCountry('GB');
    expect((await send(secret, '07400 800701')).body.to).toBe('+447400800701');
    const reads = await recorded(async () => {
      expect((await send(secret, '07400 800702')).body.to).toBe('+447400800702');
    });
    expect(reads.filter((query) => /\bapp_settings\b/.test(query))).toEqual([]);
    await setCountry('FR');
    expect((await send(secret, '06 12 34 56 78')).body.to).toBe('+33612345678');
  });

  it('refuses a gateway at once after an admin disables it, though it was just used', async () => {
    const { secret } = await createKey('Gateway check');
    const gateway = await server.post(
      '/api/gateways',
      { name: 'Second', kind: 'simulator', config: {}, isDefault: false, enabled: true },
      { token: admin.token },
    );
    expect(gateway.status, JSON.stringify(gateway.body)).toBe(201);
    const id = gateway.body.gateway.id;
    expect((await send(secret, '+447400800401', { gatewayId: id })).status).toBe(202);
    expect((await server.put(`/api/gateways/${id}`, { enabled: false }, { token: admin.token })).status).toBe(200);
    const refused = await send(secret, '+447400800402', { gatewayId: id });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', field: 'gatewayId' });
  });
});
