import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../test/helper.ts';
import { auditLog, users } from '../../db/schema.ts';
import { putSetting, SETTING_KEYS } from '../../platform/settings.ts';

const signup = (email = uniqueEmail('signup'), extra: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email,
  password: TEST_PASSWORD,
  ...extra,
});

describe('first account', () => {
  it('makes whoever registers first an admin, whatever role they ask for, then closes registration', async () => {
    const server = await startTestServer();
    try {
      const first = await server.post('/api/users/register', signup(uniqueEmail('founder'), { role: 'viewer' }));
      expect(first.status).toBe(201);
      expect(first.body.user).toMatchObject({ role: 'admin', status: 'active', locale: 'en' });
      expect(Object.keys(first.body)).toEqual(['user']);
      expect((await server.get('/api/users/setup-status')).body.needsFirstAdmin).toBe(false);
      const second = await server.post('/api/users/register', signup());
      expect(second.status).toBe(403);
      expect(second.body).toMatchObject({ message: 'Registration is closed. Ask an administrator for an account.', code: 'FORBIDDEN' });
      const login = await server.post('/api/users/login', { email: first.body.user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lets only one of several simultaneous first registrations become admin', async () => {
    const server = await startTestServer();
    try {
      const attempts = await Promise.all(
        Array.from({ length: 5 }, (_, i) => server.post('/api/users/register', signup(uniqueEmail(`race${i}`)))),
      );
      const statuses = attempts.map((attempt) => attempt.status).sort();
      expect(statuses).toEqual([201, 403, 403, 403, 403]);
      const admins = await server.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('POST /api/users/register after setup', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('lets an admin create accounts with any role, viewer by default', async () => {
    const admin = await server.createAdmin();
    const manager = await server.post(
      '/api/users/register',
      signup(undefined, { role: 'manager', phone: '+44 20 7946 0000', locale: 'fr' }),
      { token: admin.token },
    );
    expect(manager.status).toBe(201);
    expect(manager.body.user).toMatchObject({ role: 'manager', phone: '+44 20 7946 0000', locale: 'fr', lastLoginAt: null });
    const plain = await server.post('/api/users/register', signup(), { token: admin.token });
    expect(plain.body.user.role).toBe('viewer');
    const anotherAdmin = await server.post('/api/users/register', signup(undefined, { role: 'admin' }), { token: admin.token });
    expect(anotherAdmin.body.user.role).toBe('admin');
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.register'), eq(auditLog.subjectId, manager.body.user.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { role: 'manager' } });
  });

  it.each(['manager', 'agent', 'viewer'] as const)('refuses a signed-in %s', async (role) => {
    const { token } = await server.createUser(role);
    const response = await server.post('/api/users/register', signup(), { token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only administrators can register users.');
  });

  it('refuses anonymous visitors while registration is closed, and an invalid token with 401', async () => {
    expect((await server.post('/api/users/register', signup())).status).toBe(403);
    expect((await server.post('/api/users/register', signup(), { token: 'nonsense' })).status).toBe(401);
  });

  it('creates viewers for anonymous visitors when open registration is on, ignoring the role asked for', async () => {
    await putSetting(server.database.db, SETTING_KEYS.registration, { mode: 'open' });
    try {
      expect((await server.get('/api/users/setup-status')).body).toEqual({
        needsFirstAdmin: false,
        openRegistration: true,
        minPasswordLength: 8,
      });
      const response = await server.post('/api/users/register', signup(undefined, { role: 'admin' }));
      expect(response.status).toBe(201);
      expect(response.body.user.role).toBe('viewer');
      const { token } = await server.createUser('agent');
      expect((await server.post('/api/users/register', signup(), { token })).status).toBe(403);
    } finally {
      await putSetting(server.database.db, SETTING_KEYS.registration, { mode: 'closed' });
    }
    expect((await server.post('/api/users/register', signup())).status).toBe(403);
  });

  it('slows open sign-ups per address like sign-in: 10 in 15 minutes, then 429; other addresses and admins unaffected', async () => {
    await putSetting(server.database.db, SETTING_KEYS.registration, { mode: 'open' });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    try {
      const existing = await server.createUser('viewer');
      // Probing which emails have accounts (409) counts like creating one.
      for (let index = 0; index < 10; index++) {
        const email = index % 2 === 0 ? existing.user.email : uniqueEmail('probe');
        expect((await server.post('/api/users/register', signup(email), from('192.0.2.77'))).status).toBe(index % 2 === 0 ? 409 : 201);
      }
      const refused = await server.post('/api/users/register', signup(), from('192.0.2.77'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many sign-ups from your address. Try again in 15 minutes.',
      });
      expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
      expect((await server.post('/api/users/register', signup(), from('192.0.2.78'))).status).toBe(201);
      const { token } = await server.createAdmin();
      expect((await server.post('/api/users/register', signup(), { token, ...from('192.0.2.77') })).status).toBe(201);
    } finally {
      await putSetting(server.database.db, SETTING_KEYS.registration, { mode: 'closed' });
    }
  });

  it('answers 409 naming the email when it is taken, whatever its case', async () => {
    const admin = await server.createAdmin();
    const existing = await server.createUser('viewer');
    const response = await server.post('/api/users/register', signup(existing.user.email.toUpperCase()), { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ field: 'email', code: 'CONFLICT', message: 'An account with this email already exists.' });
  });

  it('answers 400 naming the field for bad input', async () => {
    const { token } = await server.createAdmin();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [signup('not-an-email'), 'email', /^email must be a valid email address$/],
      [signup(undefined, { password: 'short' }), 'password', /^password must be at least 8 characters$/],
      [signup(undefined, { password: 'Password123' }), 'password', /too common/],
      [signup(undefined, { role: 'root' }), 'role', /^role must be one of admin, manager, agent, viewer$/],
      [signup(undefined, { name: '   ' }), 'name', /^name is required$/],
      [signup(undefined, { locale: 'de' }), 'locale', /^locale must be one of/],
      [signup(undefined, { phone: 'call me' }), 'phone', /^phone may contain/],
    ];
    for (const [body, field, message] of cases) {
      const response = await server.post('/api/users/register', body, { token });
      expect(response.status, field).toBe(400);
      expect(response.body.field).toBe(field);
      expect(response.body.message).toMatch(message);
    }
  });

  it('strips unknown fields instead of storing them', async () => {
    const { token } = await server.createAdmin();
    const response = await server.post(
      '/api/users/register',
      signup(undefined, { status: 'disabled', tokenVersion: 99, id: '00000000-0000-4000-8000-000000000000' }),
      { token },
    );
    expect(response.status).toBe(201);
    expect(response.body.user.status).toBe('active');
    expect(response.body.user.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, response.body.user.id));
    expect(row?.tokenVersion).toBe(0);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
