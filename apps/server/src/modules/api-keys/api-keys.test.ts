import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('API keys', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
  });
  afterAll(() => server?.close());

  const createKey = async (body: Record<string, unknown>) => {
    const created = await server.post('/api/api-keys', { name: 'CRM', scopes: ['messages:read'], ...body }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { apiKey: any; secret: string };
  };
  const useKey = (secret: string, path = '/api/v1/messages') => server.get(path, { token: secret });

  it('are for administrators only (401 without a session, 403 for a manager)', async () => {
    expect((await server.get('/api/api-keys')).status).toBe(401);
    expect((await server.get('/api/api-keys', { token: manager.token })).status).toBe(403);
    expect((await server.post('/api/api-keys', { name: 'x', scopes: ['messages:read'] }, { token: manager.token })).status).toBe(403);
  });

  it('answers 400 naming the field on bad input', async () => {
    const noScope = await server.post('/api/api-keys', { name: 'x', scopes: [] }, { token: admin.token });
    expect(noScope.status).toBe(400);
    expect(noScope.body.field).toBe('scopes');
    const badScope = await server.post('/api/api-keys', { name: 'x', scopes: ['messages:delete'] }, { token: admin.token });
    expect(badScope.status).toBe(400);
    expect(badScope.body.field).toMatch(/^scopes/);
    const badCidr = await server.post(
      '/api/api-keys',
      { name: 'x', scopes: ['messages:read'], allowedCidrs: ['10.0.0.0/99'] },
      { token: admin.token },
    );
    expect(badCidr.status).toBe(400);
    expect(badCidr.body.field).toBe('allowedCidrs.0');
    const past = await server.post(
      '/api/api-keys',
      { name: 'x', scopes: ['messages:read'], expiresAt: '2020-01-01T00:00:00Z' },
      { token: admin.token },
    );
    expect(past.status).toBe(400);
    expect(past.body.field).toBe('expiresAt');
  });

  it('returns the secret once, stores only its hash, and lists keys without it', async () => {
    const { apiKey, secret } = await createKey({ name: 'Appointments' });
    expect(secret).toMatch(/^smsk_[A-Za-z0-9_-]{40,}$/);
    expect(apiKey).toMatchObject({ name: 'Appointments', scopes: ['messages:read'], rateLimit: 50, revokedAt: null, lastUsedAt: null });
    const list = await server.get('/api/api-keys', { token: admin.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data.map((key: any) => key.id)).toContain(apiKey.id);
    const [row] = await queryRows<{ secret_hash: string }>(
      server.database.db,
      sql`select secret_hash from api_keys where id = ${apiKey.id}`,
    );
    expect(row?.secret_hash).not.toContain(secret.slice(5));
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject_id = ${apiKey.id}`,
    );
    expect(audit.map((entry) => entry.action)).toContain('api_key.create');
  });

  it('accepts a key on /api/v1 only, and staff tokens never there (401 naming the credential)', async () => {
    const { apiKey, secret } = await createKey({});
    const ok = await useKey(secret);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const keyOnStaffRoute = await server.get('/api/contacts', { token: secret });
    expect(keyOnStaffRoute.status).toBe(401);
    expect(keyOnStaffRoute.body.message).toMatch(/staff sign-in token.*\/api\/v1 only/);
    const staffOnV1 = await useKey(admin.token);
    expect(staffOnV1.status).toBe(401);
    expect(staffOnV1.body.message).toMatch(/takes an API key/);
    expect((await server.get('/api/v1/messages')).status).toBe(401);
    expect((await useKey('smsk_not-a-real-key')).status).toBe(401);
    const listed = (await server.get('/api/api-keys', { token: admin.token })).body.data.find((key: any) => key.id === apiKey.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toMatch(/127\.0\.0\.1/);
  });

  it('checks the scope of each route', async () => {
    const { secret } = await createKey({ scopes: ['contacts:read'] });
    const refused = await useKey(secret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('messages:read');
  });

  it('refuses a revoked key at once, and an expired one', async () => {
    const { apiKey, secret } = await createKey({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await useKey(secret)).status).toBe(200);
    expect((await server.delete(`/api/api-keys/${apiKey.id}`, { token: manager.token })).status).toBe(403);
    expect((await server.delete(`/api/api-keys/${apiKey.id}`, { token: admin.token })).status).toBe(204);
    const revoked = await useKey(secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
    expect((await server.delete('/api/api-keys/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(404);
    expect((await server.delete('/api/api-keys/nope', { token: admin.token })).status).toBe(400);

    const other = await createKey({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await server.database.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${other.apiKey.id}`);
    const expired = await useKey(other.secret);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('accepts a key only from its allowed addresses', async () => {
    const elsewhere = await createKey({ allowedCidrs: ['203.0.113.0/24'] });
    const refused = await useKey(elsewhere.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/not allowed from the address/);
    const here = await createKey({ allowedCidrs: ['203.0.113.0/24', '127.0.0.0/8'] });
    expect((await useKey(here.secret)).status).toBe(200);
  });

  it('limits each key to its requests per second (429 with Retry-After)', async () => {
    const { secret } = await createKey({ rateLimit: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => useKey(secret)));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The key's own budget in the RateLimit fields, on answers and refusals alike.
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit-limit')).toBe('2');
      expect(answer.headers.get('ratelimit-policy')).toBe('2;w=1');
    }
    expect(limited[0]?.headers.get('ratelimit-remaining')).toBe('0');
    expect(answers.find((answer) => answer.status === 200)?.headers.get('ratelimit-remaining')).toMatch(/^[01]$/);
    // Editable: a higher limit holds from the next request (admins only; 400 naming the field).
    const { apiKey, secret: second } = await createKey({ rateLimit: 1 });
    expect((await server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body: { rateLimit: 100 }, token: manager.token })).status).toBe(
      403,
    );
    const bad = await server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body: { rateLimit: 0 }, token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('rateLimit');
    const raised = await server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body: { rateLimit: 100 }, token: admin.token });
    expect(raised.status).toBe(200);
    expect(raised.body.apiKey.rateLimit).toBe(100);
    const burst = await Promise.all(Array.from({ length: 5 }, () => useKey(second)));
    expect(burst.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Another key keeps its own budget.
    expect((await useKey((await createKey({})).secret)).status).toBe(200);
  });
});
