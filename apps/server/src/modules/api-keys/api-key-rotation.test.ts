import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

// Rotation with an overlap and scope edits (issue 38; decision 093).
describe('API key rotation and scopes', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
  });
  afterAll(() => server?.close());

  const createKey = async (body: Record<string, unknown> = {}) => {
    const created = await server.post('/api/api-keys', { name: 'CRM', scopes: ['messages:read'], ...body }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { apiKey: any; secret: string };
  };
  const rotate = (id: string, body?: Record<string, unknown>, token = admin.token) =>
    server.post(`/api/api-keys/${id}/rotate`, body, { token });
  const useKey = (secret: string, path = '/api/v1/messages') => server.get(path, { token: secret });
  const auditOf = (id: string) =>
    queryRows<{ action: string; details: any }>(
      server.database.db,
      sql`select action, details from audit_log where subject_id = ${id} order by id`,
    );

  it('rotates for administrators only, with 400 naming the field and 404 for an unknown key', async () => {
    const { apiKey } = await createKey();
    expect((await server.post(`/api/api-keys/${apiKey.id}/rotate`, {})).status).toBe(401);
    expect((await rotate(apiKey.id, {}, manager.token)).status).toBe(403);
    const negative = await rotate(apiKey.id, { overlapHours: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.field).toBe('overlapHours');
    const tooLong = await rotate(apiKey.id, { overlapHours: 1000 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('overlapHours');
    expect((await rotate('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
    expect((await rotate('nope', {})).status).toBe(400);
  });

  it('answers a new secret once; the old one works during the overlap, then is refused with API_KEY_ROTATED', async () => {
    const { apiKey, secret: first } = await createKey();
    expect((await useKey(first)).status).toBe(200);
    const rotated = await rotate(apiKey.id);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).toMatch(/^smsk_[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(rotated.body.apiKey.prefix).toBe(second.slice(0, 11));
    // The default overlap: 24 hours from now on the database's clock.
    const [clock] = await queryRows<{ now: Date | string }>(server.database.db, sql`select now() as now`);
    const overlap = new Date(rotated.body.apiKey.previousSecretExpiresAt).getTime() - new Date(clock!.now).getTime();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
    expect(JSON.stringify((await server.get('/api/api-keys', { token: admin.token })).body)).not.toContain(second);

    // Both work during the overlap, as the same key.
    expect((await useKey(first)).status).toBe(200);
    expect((await useKey(second)).status).toBe(200);

    // The overlap ends (the database's clock judges it): the old secret is refused with its code, the new one works.
    await server.database.db.execute(sql`update api_keys set previous_expires_at = now() - interval '1 second' where id = ${apiKey.id}`);
    // Another process reads the key again within a second (decision 045); in this one an edit forgets it at once.
    expect((await server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body: { name: 'CRM 2' }, token: admin.token })).status).toBe(200);
    const refused = await useKey(first);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_ROTATED');
    expect(refused.body.message).toMatch(/replaced by a rotation/);
    expect((await useKey(second)).status).toBe(200);

    const audit = await auditOf(apiKey.id);
    expect(audit.find((entry) => entry.action === 'api_key.rotate')?.details).toMatchObject({ overlapHours: 24, name: 'CRM' });
  });

  it('with overlapHours 0 the old secret stops at once, and a secret replaced by an earlier rotation stops too', async () => {
    const { apiKey, secret: first } = await createKey();
    const second = (await rotate(apiKey.id, { overlapHours: 2 })).body.secret as string;
    expect((await useKey(first)).status).toBe(200);
    const third = await rotate(apiKey.id, { overlapHours: 0 });
    expect(third.status).toBe(200);
    const secondRefused = await useKey(second);
    expect(secondRefused.status).toBe(401);
    expect(secondRefused.body.code).toBe('API_KEY_ROTATED');
    const firstRefused = await useKey(first);
    expect(firstRefused.status).toBe(401);
    expect(firstRefused.body.message).toMatch(/not valid/);
    expect((await useKey(third.body.secret)).status).toBe(200);
    // Without a body: the default overlap.
    const bare = await server.post(`/api/api-keys/${apiKey.id}/rotate`, undefined, { token: admin.token });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect((await useKey(third.body.secret)).status).toBe(200);
    expect((await useKey(bare.body.secret)).status).toBe(200);
  });

  it('refuses to rotate a revoked key (409), and a revoked key refuses its replaced secret too', async () => {
    const { apiKey, secret } = await createKey();
    const next = (await rotate(apiKey.id)).body.secret as string;
    expect((await server.delete(`/api/api-keys/${apiKey.id}`, { token: admin.token })).status).toBe(204);
    expect((await useKey(secret)).status).toBe(401);
    expect((await useKey(next)).status).toBe(401);
    expect((await rotate(apiKey.id)).status).toBe(409);
  });

  it('edits scopes (admins only, 400 naming the field), effective on the next request and audited', async () => {
    const { apiKey, secret } = await createKey({ scopes: ['contacts:read'] });
    expect((await useKey(secret)).status).toBe(403);
    const patch = (body: unknown, token = admin.token) => server.request('PATCH', `/api/api-keys/${apiKey.id}`, { body, token });
    expect((await patch({ scopes: ['messages:read'] }, manager.token)).status).toBe(403);
    const empty = await patch({ scopes: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('scopes');
    const unknown = await patch({ scopes: ['messages:delete'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toMatch(/^scopes/);

    const widened = await patch({ scopes: ['contacts:read', 'messages:read'] });
    expect(widened.status).toBe(200);
    expect(widened.body.apiKey.scopes).toEqual(['contacts:read', 'messages:read']);
    expect((await useKey(secret)).status).toBe(200);
    const narrowed = await patch({ scopes: ['contacts:read'] });
    expect(narrowed.status).toBe(200);
    const refused = await useKey(secret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('messages:read');

    const scopeChanges = (await auditOf(apiKey.id)).filter((entry) => entry.action === 'api_key.scopes');
    expect(scopeChanges.map((entry) => entry.details)).toEqual([
      { name: 'CRM', from: ['contacts:read'], to: ['contacts:read', 'messages:read'] },
      { name: 'CRM', from: ['contacts:read', 'messages:read'], to: ['contacts:read'] },
    ]);
    // Setting the same scopes again records no change.
    expect((await patch({ scopes: ['contacts:read'] })).status).toBe(200);
    expect((await auditOf(apiKey.id)).filter((entry) => entry.action === 'api_key.scopes')).toHaveLength(2);
  });
});
