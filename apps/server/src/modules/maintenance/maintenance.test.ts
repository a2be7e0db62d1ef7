import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, TEST_PASSWORD, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { createJobs } from '../../platform/jobs.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
const MESSAGE = 'Upgrading the database: back at 14:00 UTC.';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

const switchMode = async (enabled: boolean, message = MESSAGE) => {
  const response = await server.put('/api/settings/maintenance', { enabled, message }, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body;
};

/**
 * A second API process on the same database: on PostgreSQL its own connection pool, on PGlite the
 * same in-memory database (a second app with its own cache all the same).
 */
async function startSecondApp(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const database: Database = server.config.databaseUrl ? await openDatabase({ databaseUrl: server.config.databaseUrl }) : server.database;
  const app: FastifyInstance = await buildApp(
    { ...server.config, jwtSecret: server.jwtSecret },
    { database, jobs: createJobs(database, { supervise: false }), logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      if (database !== server.database) await database.close();
    },
  };
}

describe('maintenance mode switch', () => {
  it('is off by default and public', async () => {
    const response = await server.get('/api/maintenance');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enabled: false, message: '' });
  });

  it('is switched by administrators only, with a checked body', async () => {
    expect((await server.put('/api/settings/maintenance', { enabled: true })).status).toBe(401);
    for (const account of [manager, agent, viewer]) {
      const response = await server.put('/api/settings/maintenance', { enabled: true, message: 'x' }, { token: account.token });
      expect(response.status).toBe(403);
    }
    const tooLong = await server.put('/api/settings/maintenance', { enabled: true, message: 'x'.repeat(501) }, { token: admin.token });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('message must be at most 500 characters');
    const missing = await server.put('/api/settings/maintenance', { message: 'x' }, { token: admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('enabled');
    expect((await server.get('/api/maintenance')).body.enabled).toBe(false);
  });

  it('turns on and off, trims the message, and audits both', async () => {
    expect(await switchMode(true, `  ${MESSAGE}  `)).toEqual({ enabled: true, message: MESSAGE });
    expect((await server.get('/api/maintenance')).body).toEqual({ enabled: true, message: MESSAGE });
    expect(await switchMode(false, '')).toEqual({ enabled: false, message: '' });
    const audit = await server.get('/api/audit-log?subject=Settings&limit=10', { token: admin.token });
    expect(audit.body.data.map((entry: { action: string }) => entry.action).slice(0, 2)).toEqual([
      'settings.maintenance.off',
      'settings.maintenance.on',
    ]);
    expect(audit.body.data[1].details).toEqual({ message: MESSAGE, wasEnabled: false });
    expect(audit.body.data[1].actor.id).toBe(admin.user.id);
  });
});

describe('while maintenance mode is on', () => {
  beforeAll(() => switchMode(true));
  afterAll(() => switchMode(false, ''));

  it('answers 503 MAINTENANCE with the message to managers, agents and viewers on every other route', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/me'],
      ['GET', '/api/contacts'],
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns', { name: 'Blocked' }],
      ['GET', '/api/settings/messaging'],
      ['GET', '/api/contacts/imports'],
      ['GET', '/api/gateways'],
    ];
    for (const account of [manager, agent, viewer]) {
      for (const [method, path, body] of calls) {
        const response = await server.request(method, path, { token: account.token, body });
        expect(response.status, `${account.user.role} ${method} ${path}`).toBe(503);
        expect(response.body).toEqual({ message: MESSAGE, error: 'Service Unavailable', code: 'MAINTENANCE' });
        expect(response.headers.get('retry-after')).toBe('30');
      }
    }
  });

  it('blocks anonymous callers of non-exempt routes too (after the 401 check of signed-in routes)', async () => {
    const register = await server.post('/api/users/register', { name: 'Late', email: 'late@example.test', password: TEST_PASSWORD });
    expect(register.status).toBe(503);
    expect((await server.get('/api/contacts')).status).toBe(401);
  });

  it('lets administrators keep working', async () => {
    expect((await server.get('/api/users/me', { token: admin.token })).status).toBe(200);
    expect((await server.get('/api/contacts', { token: admin.token })).status).toBe(200);
    expect((await server.get('/api/settings/messaging', { token: admin.token })).status).toBe(200);
  });

  it('keeps the exempt routes open to everyone', async () => {
    for (const path of ['/api/health', '/api/health/ready', '/api/users/setup-status', '/api/brand-settings']) {
      expect((await server.get(path)).status, path).toBe(200);
    }
    expect((await server.get('/api/maintenance')).body).toEqual({ enabled: true, message: MESSAGE });
    // An unknown asset is a 404, not a 503.
    expect((await server.get(`/api/brand-assets/${'a'.repeat(64)}.png`)).status).toBe(404);
    // Carriers still reach the Twilio webhooks (this gateway does not exist: 404, not 503).
    const webhook = await server.request('POST', '/api/gateways/twilio/00000000-0000-4000-8000-000000000000/status', {
      body: 'MessageSid=SM1&MessageStatus=delivered',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(webhook.status).not.toBe(503);
    expect(webhook.status).toBeLessThan(500);
    // Signing in works for everyone (the web app then shows non-administrators the maintenance page).
    // A user of its own: signing out revokes every token of that user.
    const other = await server.createUser('manager');
    const login = await server.post('/api/users/login', { email: other.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect((await server.get('/api/users/me', { token: login.body.token })).status).toBe(503);
    expect((await server.post('/api/users/logout', undefined, { token: login.body.token })).status).toBe(204);
    // Unknown API paths still answer 404.
    expect((await server.get('/api/no-such-thing', { token: manager.token })).status).toBe(404);
  });

  it('uses a default message when the administrator gave none', async () => {
    await switchMode(true, '');
    const response = await server.get('/api/contacts', { token: manager.token });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('The platform is undergoing maintenance. Please try again shortly.');
    await switchMode(true);
  });
});

describe('several API processes', () => {
  it('a second process on the same database follows the switch within its cache time', async () => {
    const second = await startSecondApp();
    try {
      const contacts = () => fetch(`${second.baseUrl}/api/contacts`, { headers: { authorization: `Bearer ${manager.token}` } });
      expect((await contacts()).status).toBe(200);
      await switchMode(true);
      const blocked = await waitFor(
        async () => {
          const response = await contacts();
          return response.status === 503 ? ((await response.json()) as { code: string; message: string }) : undefined;
        },
        10_000,
        'the second process to see maintenance mode',
      );
      expect(blocked).toMatchObject({ code: 'MAINTENANCE', message: MESSAGE });
      await switchMode(false, '');
      await waitFor(
        async () => ((await contacts()).status === 200 ? true : undefined),
        10_000,
        'the second process to see the end of maintenance',
      );
      const status = await fetch(`${second.baseUrl}/api/maintenance`);
      expect(await status.json()).toEqual({ enabled: false, message: '' });
    } finally {
      await second.close();
    }
  });
});
