import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { auditOf, createCampaign, launchCampaign, localInDays, MISSING_ID } from '../../../test/campaign-api.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fake-twilio.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let twilio: FakeTwilio;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  // Twilio's address is fixed; only the environment (here: the test config) points it at the fake.
  server = await startTestServer({ config: { twilioApiBaseUrl: twilio.baseUrl } });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await seedContacts(server, 3);
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});

const twilioBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Twilio',
  kind: 'twilio',
  config: { accountSid: twilio.accountSid, from: '+15005550006' },
  secrets: { authToken: twilio.authToken },
  ...overrides,
});
const create = async (body: Record<string, unknown>) => {
  const response = await server.post('/api/gateways', body, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.gateway;
};
const defaults = async () =>
  (await server.get('/api/gateways', { token: admin.token })).body.data
    .filter((gateway: { isDefault: boolean }) => gateway.isDefault)
    .map((gateway: { id: string }) => gateway.id);
const testConnection = async (id: string) => {
  const response = await server.post(`/api/gateways/${id}/test`, undefined, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body;
};

describe('gateways: who may do what', () => {
  it('answers 401 without a token, lets managers read, and only admins change', async () => {
    const id = DEFAULT_SIMULATOR_GATEWAY_ID;
    const routes: Array<[string, string, unknown, Record<string, number>]> = [
      ['GET', '/api/gateways', undefined, { admin: 200, manager: 200, agent: 403, viewer: 403 }],
      ['GET', `/api/gateways/${id}`, undefined, { admin: 200, manager: 200, agent: 403, viewer: 403 }],
      ['POST', '/api/gateways', { name: 'By role', kind: 'simulator' }, { manager: 403, agent: 403, viewer: 403 }],
      ['PUT', `/api/gateways/${id}`, { name: 'Hijacked' }, { manager: 403, agent: 403, viewer: 403 }],
      ['DELETE', `/api/gateways/${id}`, undefined, { manager: 403, agent: 403, viewer: 403 }],
      ['POST', `/api/gateways/${id}/test`, undefined, { manager: 403, agent: 403, viewer: 403, admin: 200 }],
    ];
    const accounts: Record<string, TestAccount> = { admin, manager, agent, viewer };
    for (const [method, path, body, statuses] of routes) {
      expect((await server.request(method, path, { body })).status, `anonymous ${method} ${path}`).toBe(401);
      for (const [role, status] of Object.entries(statuses)) {
        const response = await server.request(method, path, { token: accounts[role]?.token, body });
        expect(response.status, `${role} ${method} ${path}`).toBe(status);
        if (status === 403) expect(response.body.code).toBe('FORBIDDEN');
      }
    }
    const list = (await server.get('/api/gateways', { token: manager.token })).body;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id,
      name: 'Simulator',
      kind: 'simulator',
      isDefault: true,
      enabled: true,
      secretsSet: [],
      config: { acceptPerSecond: 500, failureRate: 0.01 },
    });
  });

  it('answers 404 for unknown ids and 400 naming id for malformed ones', async () => {
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/test', undefined],
    ] as const) {
      const missing = await server.request(method, `/api/gateways/${MISSING_ID}${suffix}`, { token: admin.token, body });
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Gateway not found' });
      const malformed = await server.request(method, `/api/gateways/nope${suffix}`, { token: admin.token, body });
      expect(malformed.status).toBe(400);
      expect(malformed.body.field).toBe('id');
    }
  });
});

describe('POST /api/gateways', () => {
  it('creates a simulator with its defaults filled in, audited', async () => {
    const gateway = await create({ name: ' Spare ', kind: 'simulator', config: { acceptPerSecond: 20 }, rateLimit: 10 });
    expect(gateway).toEqual({
      id: expect.any(String),
      name: 'Spare',
      kind: 'simulator',
      config: {
        acceptPerSecond: 20,
        receiptDelayMinMs: 500,
        receiptDelayMaxMs: 4_000,
        failureRate: 0.01,
        undeliveredRate: 0.03,
        replyRate: 0.3,
        replyDelayMinMs: 2_000,
        replyDelayMaxMs: 20_000,
        replyTexts: expect.any(Array),
      },
      secretsSet: [],
      isDefault: false,
      enabled: true,
      rateLimit: 10,
      link: null,
      callbacks: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await auditOf(server, gateway.id)).map((entry) => [entry.action, entry.actorId])).toEqual([['gateway.create', admin.user.id]]);
  });

  it('answers 400 naming the field (config.<field>, secrets.<field>) and never echoes a secret', async () => {
    const badToken = 'not-a-token-but-a-secret-value!!';
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ kind: 'simulator' }, 'name'],
      [{ name: '', kind: 'simulator' }, 'name'],
      [{ name: 'x'.repeat(81), kind: 'simulator' }, 'name'],
      [{ name: 'A', kind: 'carrier-pigeon' }, 'kind'],
      [{ name: 'A', kind: 'simulator', rateLimit: 0 }, 'rateLimit'],
      [{ name: 'A', kind: 'simulator', config: { acceptPerSecond: 0 } }, 'config.acceptPerSecond'],
      [{ name: 'A', kind: 'simulator', config: { failureRate: 1.5 } }, 'config.failureRate'],
      [{ name: 'A', kind: 'simulator', config: { receiptDelayMinMs: 500, receiptDelayMaxMs: 100 } }, 'config.receiptDelayMaxMs'],
      [{ name: 'A', kind: 'simulator', config: { replyTexts: [] } }, 'config.replyTexts'],
      [twilioBody({ config: { from: '+15005550006' } }), 'config.accountSid'],
      [twilioBody({ config: { accountSid: 'AC123', from: '+15005550006' } }), 'config.accountSid'],
      [twilioBody({ config: { accountSid: twilio.accountSid } }), 'config.from'],
      [twilioBody({ config: { accountSid: twilio.accountSid, from: 'no-such-sender!' } }), 'config.from'],
      [twilioBody({ config: { accountSid: twilio.accountSid, from: '+15005550006', concurrency: 0 } }), 'config.concurrency'],
      [twilioBody({ secrets: {} }), 'secrets.authToken'],
      [twilioBody({ secrets: { authToken: badToken } }), 'secrets.authToken'],
      // SMPP may not be available on this server yet (400 on kind); if it is, an empty config is refused.
      [{ name: 'A', kind: 'smpp' }, /^(kind|config\..+)$/],
      // The cloud's metadata service is no SMSC (ALLOW_LINK_LOCAL_OUTBOUND lifts this).
      [
        { name: 'A', kind: 'smpp', config: { host: '169.254.169.254', port: 2775, systemId: 'x' }, secrets: { password: 'x' } },
        'config.host',
      ],
      [
        { name: 'A', kind: 'smpp', config: { host: 'fd00:ec2::254', port: 2775, systemId: 'x' }, secrets: { password: 'x' } },
        'config.host',
      ],
      [{ name: 'A', kind: 'smpp', config: { host: '[fe80::1]', port: 2775, systemId: 'x' }, secrets: { password: 'x' } }, 'config.host'],
    ];
    const before = (await server.get('/api/gateways', { token: admin.token })).body.total;
    for (const [body, field] of cases) {
      const response = await server.post('/api/gateways', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      if (typeof field === 'string') expect(response.body.field, JSON.stringify(body)).toBe(field);
      else expect(response.body.field).toMatch(field);
      expect(JSON.stringify(response.body)).not.toContain(badToken);
    }
    expect((await server.get('/api/gateways', { token: admin.token })).body.total).toBe(before);
  });
});

describe('a Twilio gateway: write-only secrets, default, test connection', () => {
  it('never returns the auth token, only that it is set, and keeps it when updated with an empty value', async () => {
    const created = await server.post('/api/gateways', twilioBody(), { token: admin.token });
    expect(created.status).toBe(201);
    const id = created.body.gateway.id;
    expect(created.body.gateway).toMatchObject({
      kind: 'twilio',
      secretsSet: ['authToken'],
      config: { accountSid: twilio.accountSid, from: '+15005550006', concurrency: 10 },
    });
    expect(created.body.gateway.config).not.toHaveProperty('apiBaseUrl');
    const raw = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${admin.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(200);
      return response.text();
    };
    const texts = [
      JSON.stringify(created.body),
      await raw('GET', '/api/gateways'),
      await raw('GET', `/api/gateways/${id}`),
      await raw('PUT', `/api/gateways/${id}`, { name: 'Twilio main', secrets: { authToken: '' } }),
      // An API address in the settings is dropped: the auth token never goes anywhere but Twilio.
      await raw('PUT', `/api/gateways/${id}`, {
        config: { accountSid: twilio.accountSid, from: 'ACME', apiBaseUrl: 'https://evil.example' },
      }),
    ];
    for (const text of texts) expect(text).not.toContain(twilio.authToken);
    expect(JSON.parse(texts[4] as string).gateway).toMatchObject({
      name: 'Twilio main',
      secretsSet: ['authToken'],
      config: { from: 'ACME' },
    });
    // The stored token still works: the fake Twilio accepts only the real one.
    expect(await testConnection(id)).toEqual({ ok: true, message: 'Connected to the Twilio account "Fake Clinic Account" (Full, active)' });

    const wrong = 'f'.repeat(32);
    expect((await server.put(`/api/gateways/${id}`, { secrets: { authToken: wrong } }, { token: admin.token })).status).toBe(200);
    const refused = await testConnection(id);
    expect(refused).toEqual({ ok: false, message: 'Twilio refused the credentials (error 20003): check the account SID and auth token' });
    expect(JSON.stringify(refused)).not.toContain(wrong);

    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(audit.map((entry) => entry.action)).toEqual(['gateway.create', 'gateway.update', 'gateway.update', 'gateway.update']);
    expect(audit.map((entry) => (entry.details as { secretsChanged?: string[] }).secretsChanged)).toEqual([
      ['authToken'],
      [],
      undefined,
      ['authToken'],
    ]);
    for (const entry of audit) {
      expect(JSON.stringify(entry)).not.toContain(twilio.authToken);
      expect(JSON.stringify(entry)).not.toContain(wrong);
    }
  });

  it('tests the simulator, and reports an unreachable Twilio address', async () => {
    expect(await testConnection(DEFAULT_SIMULATOR_GATEWAY_ID)).toEqual({
      ok: true,
      message: 'Simulator ready: accepts 500 messages per second',
    });
    const unreachable = await startTestServer({ config: { twilioApiBaseUrl: 'http://127.0.0.1:9' } });
    try {
      const owner = await unreachable.createAdmin();
      const nowhere = await unreachable.post('/api/gateways', twilioBody({ name: 'Nowhere' }), { token: owner.token });
      expect(nowhere.status).toBe(201);
      const result = (await unreachable.post(`/api/gateways/${nowhere.body.gateway.id}/test`, undefined, { token: owner.token })).body;
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/^Cannot reach Twilio at http:\/\/127\.0\.0\.1:9: /);
      expect(result.message).not.toContain(twilio.authToken);
    } finally {
      await unreachable.close();
    }
  });
});

describe('the default gateway and deleting', () => {
  it('keeps exactly one default: a new default unsets the previous one; the default cannot be disabled or deleted', async () => {
    expect(await defaults()).toEqual([DEFAULT_SIMULATOR_GATEWAY_ID]);
    const second = await create({ name: 'Second', kind: 'simulator', isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(await defaults()).toEqual([second.id]);

    const back = await server.put(`/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`, { isDefault: true }, { token: admin.token });
    expect(back.status).toBe(200);
    expect(back.body.gateway.isDefault).toBe(true);
    expect(await defaults()).toEqual([DEFAULT_SIMULATOR_GATEWAY_ID]);

    const unset = await server.put(`/api/gateways/${second.id}`, { isDefault: false }, { token: admin.token });
    expect(unset.status).toBe(400);
    expect(unset.body.field).toBe('isDefault');
    const disable = await server.put(`/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`, { enabled: false }, { token: admin.token });
    expect(disable.status).toBe(409);
    expect(disable.body).toMatchObject({ code: 'GATEWAY_DEFAULT', field: 'enabled' });
    const remove = await server.delete(`/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`, { token: admin.token });
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('GATEWAY_DEFAULT');
    const disabledDefault = await server.post(
      '/api/gateways',
      { name: 'Off default', kind: 'simulator', isDefault: true, enabled: false },
      { token: admin.token },
    );
    expect(disabledDefault.status).toBe(409);
    expect(disabledDefault.body).toMatchObject({ code: 'GATEWAY_DEFAULT', field: 'enabled' });
    expect(await defaults()).toEqual([DEFAULT_SIMULATOR_GATEWAY_ID]);
    const simulator = (await server.get(`/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`, { token: admin.token })).body.gateway;
    expect(simulator).toMatchObject({ enabled: true, isDefault: true, name: 'Simulator' });
  });

  it('refuses to delete a gateway a scheduled campaign uses (409 GATEWAY_IN_USE), then deletes it once free (204, then 404)', async () => {
    const gateway = await create({ name: 'Busy', kind: 'simulator', config: {} });
    const kindIgnored = await server.put(`/api/gateways/${gateway.id}`, { kind: 'twilio', name: 'Busy one' }, { token: admin.token });
    expect(kindIgnored.body.gateway).toMatchObject({ kind: 'simulator', name: 'Busy one' });
    const campaign = await createCampaign(server, admin.token, {
      name: 'Uses Busy',
      body: 'Hi',
      gatewayId: gateway.id,
      scheduledLocal: localInDays(2),
    });
    // A draft does not hold the gateway.
    const orphan = await createCampaign(server, admin.token, { name: 'Orphan', body: 'Hi', gatewayId: gateway.id });
    await launchCampaign(server, admin.token, campaign.id);

    const inUse = await server.delete(`/api/gateways/${gateway.id}`, { token: admin.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      code: 'GATEWAY_IN_USE',
      message: 'This gateway is used by campaigns that are not finished: Uses Busy',
    });

    expect((await server.post(`/api/campaigns/${campaign.id}/cancel`, undefined, { token: admin.token })).status).toBe(200);
    const deleted = await server.delete(`/api/gateways/${gateway.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await server.get(`/api/gateways/${gateway.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/gateways/${gateway.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.get('/api/gateways', { token: admin.token })).body.data.map((row: { id: string }) => row.id)).not.toContain(
      gateway.id,
    );
    const audit = await auditOf(server, gateway.id);
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['gateway.create', admin.user.id],
      ['gateway.update', admin.user.id],
      ['gateway.delete', admin.user.id],
    ]);
    // The draft naming the deleted gateway cannot be launched.
    const launch = await server.post(`/api/campaigns/${orphan.id}/launch`, undefined, { token: admin.token });
    expect(launch.status).toBe(422);
    expect(launch.body).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', message: 'The chosen gateway no longer exists' });
  });
});
