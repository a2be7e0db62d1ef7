import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server?.close());

const put = (body: unknown, token = admin.token) => server.put('/api/settings/security', body, { token });
const tokenLifetime = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number };
  return payload.exp - payload.iat;
};

describe('GET/PUT /api/settings/security', () => {
  it('answers the defaults, TOKEN_TTL and how account e-mails leave', async () => {
    const response = await server.get('/api/settings/security', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      settings: {
        registration: 'closed',
        tokenLifetimeSeconds: null,
        minPasswordLength: 8,
        twoStepRequirement: 'none',
        publicAddress: null,
      },
      defaultTokenLifetimeSeconds: server.config.tokenTtlSeconds,
      publicUrl: null,
      delivery: 'outbox',
    });
  });

  it('is changed by admins only; managers read it, agents and viewers do not', async () => {
    for (const role of ['manager', 'agent', 'viewer'] as const) {
      const { token } = await server.createUser(role);
      expect((await server.get('/api/settings/security', { token })).status).toBe(role === 'manager' ? 200 : 403);
      expect((await put({ registration: 'open' }, token)).status).toBe(403);
    }
    expect((await server.get('/api/settings/security')).status).toBe(401);
    expect((await server.put('/api/settings/security', { registration: 'open' })).status).toBe(401);
    expect((await server.get('/api/settings/security', { token: admin.token })).body.settings.registration).toBe('closed');
  });

  it('refuses values out of bounds, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ tokenLifetimeSeconds: 60 }, 'tokenLifetimeSeconds', 'tokenLifetimeSeconds must be at least 300 (5 minutes)'],
      [{ tokenLifetimeSeconds: 31 * 24 * 3600 }, 'tokenLifetimeSeconds', 'tokenLifetimeSeconds must be at most 2592000 (30 days)'],
      [{ tokenLifetimeSeconds: 'long' }, 'tokenLifetimeSeconds', 'tokenLifetimeSeconds must be a number of seconds'],
      [{ minPasswordLength: 7 }, 'minPasswordLength', 'minPasswordLength must be at least 8'],
      [{ minPasswordLength: 129 }, 'minPasswordLength', 'minPasswordLength must be at most 128'],
      [{ twoStepRequirement: 'sometimes' }, 'twoStepRequirement', 'twoStepRequirement must be one of none, admins, everyone'],
      [{ registration: 'invite' }, 'registration', 'registration must be one of closed, open'],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ field, message, code: 'VALIDATION_ERROR' });
    }
  });

  it('audits each change with the values before and after', async () => {
    expect((await put({ minPasswordLength: 10, twoStepRequirement: 'none' })).status).toBe(200);
    const [row] = await queryRows<{ actor_id: string; details: { changes: Record<string, unknown> } }>(
      server.database.db,
      sql`select actor_id, details from audit_log where action = 'settings.security.update' order by id desc limit 1`,
    );
    expect(row?.actor_id).toBe(admin.user.id);
    expect(row?.details.changes).toEqual({ minPasswordLength: { from: 8, to: 10 } });
    await put({ minPasswordLength: 8 });
  });
});

describe('enforcement', () => {
  it('open registration lets visitors sign up as viewers; closed refuses them', async () => {
    expect((await put({ registration: 'open' })).body.settings.registration).toBe('open');
    expect((await server.get('/api/users/setup-status')).body.openRegistration).toBe(true);
    const signUp = await server.post('/api/users/register', {
      name: 'Walk In',
      email: uniqueEmail('walkin'),
      password: 'Walk-In-Visitor-9',
      role: 'admin',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.user.role).toBe('viewer');
    await put({ registration: 'closed' });
    expect(
      (await server.post('/api/users/register', { name: 'Late', email: uniqueEmail('late'), password: 'Walk-In-Visitor-9' })).status,
    ).toBe(403);
  });

  it('the minimum password length applies to registration and password changes, and is published for the forms', async () => {
    await put({ minPasswordLength: 14 });
    try {
      expect((await server.get('/api/users/setup-status')).body.minPasswordLength).toBe(14);
      const short = await server.post(
        '/api/users/register',
        { name: 'Short', email: uniqueEmail('short'), password: 'Thirteen-ch1!' },
        { token: admin.token },
      );
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ field: 'password', message: 'password must be at least 14 characters' });
      expect(
        (
          await server.post(
            '/api/users/register',
            { name: 'Long', email: uniqueEmail('long'), password: 'Fourteen-chars' },
            { token: admin.token },
          )
        ).status,
      ).toBe(201);

      const self = await server.createUser('agent');
      const change = await server.put(
        `/api/users/${self.user.id}`,
        { currentPassword: TEST_PASSWORD, password: 'Thirteen-ch1!' },
        { token: self.token },
      );
      expect(change.status).toBe(400);
      expect(change.body).toMatchObject({ field: 'password', message: 'password must be at least 14 characters' });
      expect(
        (
          await server.put(
            `/api/users/${self.user.id}`,
            { currentPassword: TEST_PASSWORD, password: 'A-Longer-Passphrase' },
            { token: self.token },
          )
        ).status,
      ).toBe(200);
    } finally {
      await put({ minPasswordLength: 8 });
    }
  });

  it('the session lifetime applies to tokens issued afterwards; null goes back to TOKEN_TTL', async () => {
    const account = await server.createUser('viewer');
    const login = () => server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(tokenLifetime((await login()).body.token)).toBe(server.config.tokenTtlSeconds);
    expect((await put({ tokenLifetimeSeconds: 900 })).body.settings.tokenLifetimeSeconds).toBe(900);
    expect(tokenLifetime((await login()).body.token)).toBe(900);
    // A password change re-issues the caller's token: it follows the setting too.
    const token = (await login()).body.token;
    const changed = await server.put(
      `/api/users/${account.user.id}`,
      { currentPassword: TEST_PASSWORD, password: 'Another-Meadow-31' },
      { token },
    );
    expect(tokenLifetime(changed.body.token)).toBe(900);
    await put({ tokenLifetimeSeconds: null });
    expect(
      tokenLifetime((await server.post('/api/users/login', { email: account.user.email, password: 'Another-Meadow-31' })).body.token),
    ).toBe(server.config.tokenTtlSeconds);
  });
});
