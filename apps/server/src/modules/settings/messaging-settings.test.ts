import { DEFAULT_KEYWORD_SETTINGS } from '@sms/contracts/messaging-settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
});
afterAll(() => server?.close());

const DEFAULTS = {
  timeZone: 'UTC',
  defaultCountry: null,
  pricePerSegment: 0.0075,
  pricePerSegmentUcs2: 0.0075,
  countryPrices: [],
  currency: 'USD',
  ...DEFAULT_KEYWORD_SETTINGS,
};
const read = async () => (await server.get('/api/settings/messaging', { token: admin.token })).body.settings;

describe('GET /api/settings/messaging', () => {
  it('answers the defaults to admins and managers (read Settings), 403 to agents and viewers, 401 to anonymous visitors', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const account = await server.createUser(role);
      const response = await server.get('/api/settings/messaging', { token: account.token });
      expect(response.status, role).toBe(200);
      expect(response.body).toEqual({ settings: DEFAULTS });
    }
    for (const role of ['agent', 'viewer'] as const) {
      const account = await server.createUser(role);
      expect((await server.get('/api/settings/messaging', { token: account.token })).status, role).toBe(403);
    }
    const anonymous = await server.get('/api/settings/messaging');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('PUT /api/settings/messaging', () => {
  it('lets only admins change the settings', async () => {
    expect((await server.put('/api/settings/messaging', { currency: 'EUR' })).status).toBe(401);
    for (const role of ['manager', 'agent', 'viewer'] as const) {
      const account = role === 'manager' ? manager : await server.createUser(role);
      const response = await server.put('/api/settings/messaging', { currency: 'EUR' }, { token: account.token });
      expect(response.status, role).toBe(403);
      expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only administrators can change messaging settings.' });
    }
    expect(await read()).toEqual(DEFAULTS);
  });

  it('changes only the fields given, normalises codes, and audits the change', async () => {
    const first = await server.put('/api/settings/messaging', { timeZone: 'Europe/Paris', defaultCountry: ' fr ' }, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({ ...DEFAULTS, timeZone: 'Europe/Paris', defaultCountry: 'FR' });
    const second = await server.put(
      '/api/settings/messaging',
      { pricePerSegment: 0.05, currency: 'eur', unknown: 'dropped' },
      { token: admin.token },
    );
    expect(second.body.settings).toEqual({
      ...DEFAULTS,
      timeZone: 'Europe/Paris',
      defaultCountry: 'FR',
      pricePerSegment: 0.05,
      currency: 'EUR',
    });
    expect(await read()).toEqual(second.body.settings);
    // Managers read what admins set.
    expect((await server.get('/api/settings/messaging', { token: manager.token })).body.settings).toEqual(second.body.settings);
    const cleared = await server.put('/api/settings/messaging', { defaultCountry: null, pricePerSegment: 0 }, { token: admin.token });
    expect(cleared.body.settings).toEqual({
      ...DEFAULTS,
      timeZone: 'Europe/Paris',
      defaultCountry: null,
      pricePerSegment: 0,
      currency: 'EUR',
    });

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.messaging.update'), eq(auditLog.actorId, admin.user.id)));
    expect(audit.map((entry) => entry.details)).toEqual([
      { changes: { timeZone: 'Europe/Paris', defaultCountry: 'FR' } },
      { changes: { pricePerSegment: 0.05, currency: 'EUR' } },
      { changes: { defaultCountry: null, pricePerSegment: 0 } },
    ]);
  });

  it('answers 400 naming the field for bad values and keeps what was stored', async () => {
    const before = await read();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ timeZone: 'Mars/Base' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ defaultCountry: 'ZZ' }, 'defaultCountry'],
      [{ defaultCountry: 'GBR' }, 'defaultCountry'],
      [{ pricePerSegment: -0.01 }, 'pricePerSegment'],
      [{ pricePerSegment: 101 }, 'pricePerSegment'],
      [{ pricePerSegment: '0.05' }, 'pricePerSegment'],
      [{ currency: 'EURO' }, 'currency'],
      [{ currency: 'E1R' }, 'currency'],
      [{ timeZone: 'UTC', currency: 'US' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const response = await server.put('/api/settings/messaging', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    const notJson = await server.put('/api/settings/messaging', '{"timeZone":', { token: admin.token });
    expect(notJson.status).toBe(400);
    expect(await read()).toEqual(before);
  });
});
