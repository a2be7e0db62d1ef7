import { POLICY } from '@sms/contracts/policy';
import { ROLES } from '@sms/contracts/roles';
import { and, desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../../test/helper.ts';
import { auditLog, users } from '../../../db/schema.ts';
import { passwordVerificationsTotal } from '../../../platform/metrics.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /api/users/login', () => {
  it('answers { user, token } for the right password, with a three-part token carrying exp in seconds', async () => {
    const { user } = await server.createUser('manager');
    const response = await server.post('/api/users/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, email: user.email, role: 'manager', status: 'active' });
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(response.body.user).not.toHaveProperty('tokenVersion');
    expect(response.body.user.lastLoginAt).not.toBeNull();
    const parts = String(response.body.token).split('.');
    expect(parts).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ sub: user.id, tv: 0 });
    expect(payload.exp - payload.iat).toBe(server.config.tokenTtlSeconds);
    expect(Math.abs(payload.iat - nowSeconds())).toBeLessThan(10);
    const me = await server.get('/api/users/me', { token: response.body.token });
    expect(me.status).toBe(200);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const { user } = await server.createUser('viewer');
    const wrongPassword = await server.post('/api/users/login', { email: user.email, password: 'Not-The-Password-1' });
    const unknownEmail = await server.post('/api/users/login', { email: uniqueEmail('ghost'), password: 'Not-The-Password-1' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password', error: 'Unauthorized', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('verifies a password hash for unknown emails as for wrong passwords (a dummy hash), so the time tells nothing', async () => {
    const { user } = await server.createUser('viewer');
    // This process's argon2 verifications (the server runs in it): a count, not a stopwatch, so a
    // loaded host cannot blur it; passwords.test.ts shows the dummy costs what a real one does.
    const verifications = async () => (await passwordVerificationsTotal.get()).values.reduce((sum, sample) => sum + sample.value, 0);
    const attempt = async (email: string) => {
      const before = await verifications();
      const response = await server.post(
        '/api/users/login',
        { email, password: 'Not-The-Password-1' },
        { headers: { 'x-forwarded-for': '10.9.9.9' } },
      );
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      return (await verifications()) - before;
    };
    expect(await attempt(user.email)).toBe(1);
    expect(await attempt(uniqueEmail('ghost'))).toBe(1);
  });

  it('refuses a disabled account, saying so only after a correct password', async () => {
    const { user } = await server.createUser('agent', { status: 'disabled' });
    const right = await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD });
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    const wrong = await server.post('/api/users/login', { email: user.email, password: 'Not-The-Password-1' });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('validates the body and names the field', async () => {
    const missing = await server.post('/api/users/login', { email: 'a@b.c' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'password', code: 'VALIDATION_ERROR' });
    expect(missing.body.message).toMatch(/^password is required$/);
    const empty = await server.post('/api/users/login', { email: '', password: 'x' });
    expect(empty.body).toMatchObject({ field: 'email', message: 'email is required' });
    const noBody = await server.request('POST', '/api/users/login');
    expect(noBody.status).toBe(400);
  });

  it('records sign-in successes and failures in the audit log with the IP', async () => {
    const { user } = await server.createUser('viewer');
    await server.post(
      '/api/users/login',
      { email: user.email, password: 'Not-The-Password-1' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    await server.post(
      '/api/users/login',
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id)).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['user.login_failed', 'user.login']);
    expect(entries.every((entry) => entry.ip === '203.0.113.7' && entry.actorEmail === user.email)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('Not-The-Password-1');
  });
});

describe('GET /api/users/me', () => {
  it.each(ROLES)('answers the %s with their user and the abilities of their role', async (role) => {
    const { user, token } = await server.createUser(role);
    const response = await server.get('/api/users/me', { token });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(user);
    expect(response.body.abilities).toEqual(POLICY[role]);
  });

  it('answers 401 without a token or with garbage', async () => {
    const anonymous = await server.get('/api/users/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const header of ['Bearer', 'Bearer not-a-jwt', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c']) {
      expect((await server.get('/api/users/me', { headers: { authorization: header } })).status).toBe(401);
    }
  });
});

describe('tokens', () => {
  it('refuses an expired token signed with the real secret', async () => {
    const { user } = await server.createUser('admin');
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(nowSeconds() - 7200)
      .setExpirationTime(nowSeconds() - 60)
      .sign(new TextEncoder().encode(server.jwtSecret));
    expect((await server.get('/api/users/me', { token: expired })).status).toBe(401);
  });

  it('expires tokens after TOKEN_TTL', async () => {
    const shortLived = await startTestServer({ config: { tokenTtlSeconds: 1 } });
    try {
      const { user } = await shortLived.createUser('viewer');
      const { body } = await shortLived.post('/api/users/login', { email: user.email, password: TEST_PASSWORD });
      expect((await shortLived.get('/api/users/me', { token: body.token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await shortLived.get('/api/users/me', { token: body.token })).status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it('refuses a token whose signature was tampered with or whose payload was changed', async () => {
    const { token } = await server.createUser('viewer');
    const admin = await server.createUser('admin');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await server.get('/api/users/me', { token: flipped })).status).toBe(401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, sub: admin.user.id })}.${signature}`;
    expect((await server.get('/api/users/me', { token: forged })).status).toBe(401);
  });

  it('refuses alg:none tokens', async () => {
    const { user } = await server.createUser('admin');
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: user.id, tv: 0, iat: nowSeconds(), exp: nowSeconds() + 3600 })}.`;
    expect((await server.get('/api/users/me', { token: none })).status).toBe(401);
  });

  it('refuses tokens signed with another secret or another HMAC algorithm', async () => {
    const { user } = await server.createUser('admin');
    const claims = { tv: 0 };
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-123456'));
    expect((await server.get('/api/users/me', { token: otherSecret })).status).toBe(401);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(server.jwtSecret));
    expect((await server.get('/api/users/me', { token: hs512 })).status).toBe(401);
  });

  it('stores a generated secret in the database when JWT_SECRET is unset, and uses JWT_SECRET when set', async () => {
    expect(server.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const configured = await startTestServer({ config: { jwtSecret: 'configured-secret-of-at-least-32-chars!!' } });
    try {
      const { user } = await configured.createUser('viewer');
      const login = await configured.post('/api/users/login', { email: user.email, password: TEST_PASSWORD });
      const signedWithConfigured = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('configured-secret-of-at-least-32-chars!!'));
      expect((await configured.get('/api/users/me', { token: login.body.token })).status).toBe(200);
      expect((await configured.get('/api/users/me', { token: signedWithConfigured })).status).toBe(200);
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/users/logout', () => {
  it('answers 204 and revokes every earlier token of the user', async () => {
    const { user } = await server.createUser('manager');
    const first = (await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD })).body.token;
    const second = (await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD })).body.token;
    const logout = await server.post('/api/users/logout', undefined, { token: first });
    expect(logout.status).toBe(204);
    expect(logout.body).toBe('');
    expect((await server.get('/api/users/me', { token: first })).status).toBe(401);
    expect((await server.get('/api/users/me', { token: second })).status).toBe(401);
    const again = (await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD })).body.token;
    expect((await server.get('/api/users/me', { token: again })).status).toBe(200);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.action, 'user.logout')))
      .orderBy(desc(auditLog.id));
    expect(entry?.actorId).toBe(user.id);
  });

  it('answers 401 when not signed in', async () => {
    expect((await server.post('/api/users/logout')).status).toBe(401);
  });

  it('revokes tokens of a user disabled or deleted directly in the database too', async () => {
    const { user, token } = await server.createUser('viewer');
    await server.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await server.get('/api/users/me', { token })).status).toBe(401);
  });
});

describe('GET /api/users/setup-status', () => {
  it('reports whether the first admin is still needed and whether registration is open', async () => {
    const fresh = await startTestServer();
    try {
      expect((await fresh.get('/api/users/setup-status')).body).toEqual({
        needsFirstAdmin: true,
        openRegistration: false,
        minPasswordLength: 8,
      });
      await fresh.createAdmin();
      expect((await fresh.get('/api/users/setup-status')).body).toEqual({
        needsFirstAdmin: false,
        openRegistration: false,
        minPasswordLength: 8,
      });
    } finally {
      await fresh.close();
    }
  });
});
