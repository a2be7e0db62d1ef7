import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { auditLog } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

describe('GET /api/users', () => {
  it('answers 401 anonymously and 403 for agents and viewers', async () => {
    expect((await server.get('/api/users')).status).toBe(401);
    for (const { token } of [agent, viewer]) {
      const response = await server.get('/api/users', { token });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
  });

  it('lists users as { data, total } for admins and managers, without secrets', async () => {
    const team = ['avatarUrl', 'createdAt', 'email', 'id', 'locale', 'name', 'preferences', 'role', 'status', 'updatedAt'];
    for (const { token, user } of [admin, manager]) {
      const response = await server.get('/api/users?limit=100', { token });
      expect(response.status).toBe(200);
      expect(response.body.total).toBeGreaterThanOrEqual(4);
      expect(response.body.data).toHaveLength(response.body.total);
      const other = response.body.data.find((row: { id: string }) => row.id !== user.id);
      // Managers read the team without others' phone, last sign-in and two-step status (team-view.test.ts).
      expect(Object.keys(other).sort()).toEqual(user.role === 'admin' ? [...team, 'lastLoginAt', 'phone', 'twoStepEnabled'].sort() : team);
    }
  });

  it('pages with limit and skip, and sorts', async () => {
    const all = (await server.get('/api/users?limit=100&sort=email&order=asc', { token: admin.token })).body;
    const emails = all.data.map((user: { email: string }) => user.email);
    expect(emails).toEqual([...emails].sort());
    const page = (await server.get('/api/users?limit=2&skip=1&sort=email&order=asc', { token: admin.token })).body;
    expect(page.total).toBe(all.total);
    expect(page.data.map((user: { email: string }) => user.email)).toEqual(emails.slice(1, 3));
  });

  it('searches name and email case-insensitively, treating % and _ literally', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await server.createUser('viewer', { name: `Ada ${tag} Lovelace` });
    await server.createUser('viewer', { email: `${tag}_x@example.test` });
    await server.createUser('viewer', { name: `100% ${tag}` });
    const byName = await server.get(`/api/users?search=${tag.toUpperCase()}`, { token: admin.token });
    expect(byName.body.total).toBe(3);
    const percent = await server.get(`/api/users?search=${encodeURIComponent(`100% ${tag}`)}`, { token: admin.token });
    expect(percent.body.total).toBe(1);
    const wildcard = await server.get(`/api/users?search=${encodeURIComponent('%')}`, { token: admin.token });
    expect(wildcard.body.data.every((user: { name: string; email: string }) => `${user.name}${user.email}`.includes('%'))).toBe(true);
    const underscore = await server.get(`/api/users?search=${encodeURIComponent(`${tag}_`)}`, { token: admin.token });
    expect(underscore.body.total).toBe(1);
    const injection = await server.get(`/api/users?search=${encodeURIComponent("' or 1=1 --")}`, { token: admin.token });
    expect(injection.status).toBe(200);
    expect(injection.body.total).toBe(0);
  });

  it('filters by role and status', async () => {
    await server.createUser('agent', { status: 'disabled' });
    const agents = (await server.get('/api/users?role=agent&limit=100', { token: admin.token })).body;
    expect(agents.data.every((user: { role: string }) => user.role === 'agent')).toBe(true);
    const disabledAgents = (await server.get('/api/users?role=agent&status=disabled', { token: admin.token })).body;
    expect(disabledAgents.total).toBeGreaterThanOrEqual(1);
    expect(disabledAgents.data.every((user: { role: string; status: string }) => user.role === 'agent' && user.status === 'disabled')).toBe(
      true,
    );
  });

  it('answers 400 naming the parameter for bad paging, sorting or filters', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['skip=-1', 'skip'],
      ['sort=password', 'sort'],
      ['order=up', 'order'],
      ['role=owner', 'role'],
      ['status=gone', 'status'],
    ];
    for (const [query, field] of cases) {
      const response = await server.get(`/api/users?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.field).toBe(field);
      // Named in the message itself ('limit must be at least 1') or in front ('limit: Invalid input').
      expect(response.body.message, query).toMatch(new RegExp(`^${field}\\b`));
    }
  });
});

describe('GET /api/users/{id}', () => {
  it('answers 401 anonymously, 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await server.get(`/api/users/${viewer.user.id}`)).status).toBe(401);
    const malformed = await server.get('/api/users/not-a-uuid', { token: admin.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ field: 'id', message: 'id must be a valid user id' });
    const missing = await server.get(`/api/users/${MISSING_ID}`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets admins and managers read anyone, agents and viewers only themselves', async () => {
    for (const { token, user } of [admin, manager]) {
      const response = await server.get(`/api/users/${agent.user.id}`, { token });
      expect(response.status).toBe(200);
      const { phone: _phone, twoStepEnabled: _twoStep, lastLoginAt: _lastLogin, ...team } = agent.user;
      expect(response.body).toEqual({ user: user.role === 'admin' ? agent.user : team });
    }
    for (const account of [agent, viewer]) {
      expect((await server.get(`/api/users/${account.user.id}`, { token: account.token })).status).toBe(200);
      expect((await server.get(`/api/users/${admin.user.id}`, { token: account.token })).status).toBe(403);
    }
  });
});

describe('PUT /api/users/{id}', () => {
  it('answers 401 anonymously, 400 for bad input, 404 for unknown ids', async () => {
    expect((await server.put(`/api/users/${viewer.user.id}`, { name: 'X' })).status).toBe(401);
    const badLocale = await server.put(`/api/users/${viewer.user.id}`, { locale: 'xx' }, { token: admin.token });
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.field).toBe('locale');
    const badEmail = await server.put(`/api/users/${viewer.user.id}`, { email: 'nope' }, { token: admin.token });
    expect(badEmail.body).toMatchObject({ field: 'email', message: 'email must be a valid email address' });
    expect((await server.put(`/api/users/${MISSING_ID}`, { name: 'X' }, { token: admin.token })).status).toBe(404);
  });

  it('lets admins change anything on anyone, revoking the target tokens on role or status changes', async () => {
    const target = await server.createUser('viewer');
    const response = await server.put(
      `/api/users/${target.user.id}`,
      { name: 'Renamed', role: 'agent', phone: '+1 555 0100', locale: 'ar', extra: 'ignored' },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: expect.objectContaining({ name: 'Renamed', role: 'agent', phone: '+1 555 0100', locale: 'ar' }),
    });
    expect(response.body.user).not.toHaveProperty('extra');
    expect((await server.get('/api/users/me', { token: target.token })).status).toBe(401);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role_change'), eq(auditLog.subjectId, target.user.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { from: 'viewer', to: 'agent' } });
  });

  it('lets admins disable and re-enable accounts; a disabled account cannot use its tokens', async () => {
    const target = await server.createUser('manager');
    expect((await server.put(`/api/users/${target.user.id}`, { status: 'disabled' }, { token: admin.token })).body.user.status).toBe(
      'disabled',
    );
    expect((await server.get('/api/users/me', { token: target.token })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: target.user.email, password: TEST_PASSWORD })).status).toBe(401);
    await server.put(`/api/users/${target.user.id}`, { status: 'active' }, { token: admin.token });
    expect((await server.post('/api/users/login', { email: target.user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('lets admins set another user password without the current one, revoking that user tokens', async () => {
    const target = await server.createUser('agent');
    const response = await server.put(`/api/users/${target.user.id}`, { password: 'Brand-New-Secret-7' }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('token');
    expect((await server.get('/api/users/me', { token: target.token })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: target.user.email, password: 'Brand-New-Secret-7' })).status).toBe(200);
  });

  it('lets managers, agents and viewers edit their own profile but nobody else', async () => {
    for (const account of [manager, agent, viewer]) {
      const own = await server.put(
        `/api/users/${account.user.id}`,
        { name: `${account.user.role} self`, locale: 'zh', phone: null },
        { token: account.token },
      );
      expect(own.status).toBe(200);
      expect(own.body.user).toMatchObject({ name: `${account.user.role} self`, locale: 'zh', phone: null });
      const other = await server.put(`/api/users/${admin.user.id}`, { name: 'Hacked' }, { token: account.token });
      expect(other.status).toBe(403);
    }
  });

  it('refuses role or status changes from non-admins, even on themselves (sending the current value is harmless)', async () => {
    for (const account of [manager, agent, viewer]) {
      const promote = await server.put(`/api/users/${account.user.id}`, { role: 'admin' }, { token: account.token });
      expect(promote.status).toBe(403);
      expect(promote.body.message).toBe('Only administrators can change roles and status.');
      expect((await server.put(`/api/users/${account.user.id}`, { status: 'disabled' }, { token: account.token })).status).toBe(403);
      expect(
        (await server.put(`/api/users/${account.user.id}`, { role: account.user.role, status: 'active' }, { token: account.token })).status,
      ).toBe(200);
    }
  });

  it('needs the current password to change one own password, and then returns a fresh token', async () => {
    const self = await server.createUser('viewer');
    const missing = await server.put(`/api/users/${self.user.id}`, { password: 'Another-Secret-55' }, { token: self.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('currentPassword');
    const wrong = await server.put(
      `/api/users/${self.user.id}`,
      { password: 'Another-Secret-55', currentPassword: 'nope-nope-nope' },
      { token: self.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect', code: 'VALIDATION_ERROR' });
    const tooShort = await server.put(
      `/api/users/${self.user.id}`,
      { password: 'short', currentPassword: TEST_PASSWORD },
      { token: self.token },
    );
    expect(tooShort.body.field).toBe('password');
    const ok = await server.put(
      `/api/users/${self.user.id}`,
      { password: 'Another-Secret-55', currentPassword: TEST_PASSWORD },
      { token: self.token },
    );
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    expect((await server.get('/api/users/me', { token: self.token })).status).toBe(401);
    expect((await server.get('/api/users/me', { token: ok.body.token })).status).toBe(200);
    expect((await server.post('/api/users/login', { email: self.user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: self.user.email, password: 'Another-Secret-55' })).status).toBe(200);
  });

  it('needs the current password to change one own email, and refuses an email already in use with 409', async () => {
    const self = await server.createUser('agent');
    const newEmail = uniqueEmail('moved');
    expect((await server.put(`/api/users/${self.user.id}`, { email: newEmail }, { token: self.token })).body.field).toBe('currentPassword');
    const taken = await server.put(
      `/api/users/${self.user.id}`,
      { email: viewer.user.email.toUpperCase(), currentPassword: TEST_PASSWORD },
      { token: self.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ field: 'email', code: 'CONFLICT' });
    const moved = await server.put(
      `/api/users/${self.user.id}`,
      { email: newEmail, currentPassword: TEST_PASSWORD },
      { token: self.token },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.user.email).toBe(newEmail);
    expect((await server.get('/api/users/me', { token: self.token })).status).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('answers 401 anonymously and 403 for every role but admin', async () => {
    const target = await server.createUser('viewer');
    expect((await server.delete(`/api/users/${target.user.id}`)).status).toBe(401);
    for (const { token } of [manager, agent, viewer]) {
      expect((await server.delete(`/api/users/${target.user.id}`, { token })).status).toBe(403);
    }
    expect((await server.delete('/api/users/123', { token: admin.token })).status).toBe(400);
    expect((await server.delete(`/api/users/${MISSING_ID}`, { token: admin.token })).status).toBe(404);
  });

  it('deletes: 204, gone from reads and lists, tokens and sign-in refused, email free again, audit kept', async () => {
    const target = await server.createUser('manager');
    const response = await server.delete(`/api/users/${target.user.id}`, { token: admin.token });
    expect(response.status).toBe(204);
    expect((await server.get(`/api/users/${target.user.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/users/${target.user.id}`, { token: admin.token })).status).toBe(404);
    const list = await server.get(`/api/users?search=${encodeURIComponent(target.user.email)}`, { token: admin.token });
    expect(list.body.total).toBe(0);
    expect((await server.get('/api/users/me', { token: target.token })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: target.user.email, password: TEST_PASSWORD })).status).toBe(401);
    const again = await server.post(
      '/api/users/register',
      { name: 'Same Email', email: target.user.email, password: TEST_PASSWORD },
      { token: admin.token },
    );
    expect(again.status).toBe(201);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.subjectId, target.user.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, actorEmail: admin.user.email, details: { email: target.user.email } });
  });

  it('refuses to delete yourself', async () => {
    const other = await server.createAdmin();
    const response = await server.delete(`/api/users/${other.user.id}`, { token: other.token });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CANNOT_DELETE_SELF', message: 'You cannot delete your own account.' });
    expect((await server.get('/api/users/me', { token: other.token })).status).toBe(200);
  });
});

describe('last administrator', () => {
  it('cannot be demoted or disabled; once a second admin exists, it can', async () => {
    const fresh = await startTestServer();
    try {
      const only = await fresh.createAdmin();
      const demote = await fresh.put(`/api/users/${only.user.id}`, { role: 'manager' }, { token: only.token });
      expect(demote.status).toBe(409);
      expect(demote.body.code).toBe('LAST_ADMIN');
      const disable = await fresh.put(`/api/users/${only.user.id}`, { status: 'disabled' }, { token: only.token });
      expect(disable.status).toBe(409);
      expect(disable.body.code).toBe('LAST_ADMIN');
      expect((await fresh.delete(`/api/users/${only.user.id}`, { token: only.token })).status).toBe(409);
      // A disabled admin does not count as a remaining administrator.
      await fresh.createUser('admin', { status: 'disabled' });
      expect((await fresh.put(`/api/users/${only.user.id}`, { role: 'viewer' }, { token: only.token })).status).toBe(409);

      const second = await fresh.createAdmin();
      const demoted = await fresh.put(`/api/users/${only.user.id}`, { role: 'manager' }, { token: only.token });
      expect(demoted.status).toBe(200);
      expect(demoted.body.user.role).toBe('manager');
      // Demoting yourself revokes your tokens but hands back a fresh one.
      expect((await fresh.get('/api/users/me', { token: only.token })).status).toBe(401);
      expect((await fresh.get('/api/users/me', { token: demoted.body.token })).body.user.role).toBe('manager');
      expect((await fresh.put(`/api/users/${second.user.id}`, { status: 'disabled' }, { token: second.token })).status).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('survives two admins demoting each other at the same moment', async () => {
    const fresh = await startTestServer();
    try {
      const [a, b] = [await fresh.createAdmin(), await fresh.createAdmin()];
      const results = await Promise.all([
        fresh.put(`/api/users/${b.user.id}`, { role: 'viewer' }, { token: a.token }),
        fresh.put(`/api/users/${a.user.id}`, { role: 'viewer' }, { token: b.token }),
      ]);
      const statuses = results.map((result) => result.status).sort();
      // Either one wins and the other is refused (409), or the loser's token was already revoked (401).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const admins = (await fresh.get('/api/users?role=admin&status=active', { token: results[0]?.status === 200 ? a.token : b.token }))
        .body;
      expect(admins.total).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
