import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../test/helper.ts';
import { auditLog, users } from '../../db/schema.ts';

const signup = (extra: Record<string, unknown> = {}) => ({
  name: 'Founder',
  email: uniqueEmail('founder'),
  password: TEST_PASSWORD,
  ...extra,
});

describe('first-run setup: the organisation country and time zone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('refuses a bad country or zone naming the field, creating nobody', async () => {
    const cases: Array<[unknown, string]> = [
      [{ defaultCountry: 'XX', timeZone: 'Europe/London' }, 'organisation.defaultCountry'],
      [{ defaultCountry: 'GB', timeZone: 'Mars/Olympus' }, 'organisation.timeZone'],
      [{ timeZone: 'Europe/London' }, 'organisation.defaultCountry'],
    ];
    for (const [organisation, field] of cases) {
      const response = await server.post('/api/users/register', signup({ organisation }));
      expect(response.status, JSON.stringify(organisation)).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect(await server.database.db.select().from(users)).toEqual([]);
  });

  it('stores them as the messaging defaults with the first administrator', async () => {
    const first = await server.post('/api/users/register', signup({ organisation: { defaultCountry: 'gb', timeZone: 'Europe/London' } }));
    expect(first.status).toBe(201);
    const login = await server.post('/api/users/login', { email: first.body.user.email, password: TEST_PASSWORD });
    const token = login.body.token as string;
    const settings = await server.get('/api/settings/messaging', { token });
    expect(settings.body.settings).toMatchObject({ defaultCountry: 'GB', timeZone: 'Europe/London' });
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.register'));
    expect(audit?.details).toEqual({ role: 'admin', organisation: { defaultCountry: 'GB', timeZone: 'Europe/London' } });

    // Later registrations cannot change them (that is the Messaging tab's job).
    const later = await server.post(
      '/api/users/register',
      signup({ organisation: { defaultCountry: 'US', timeZone: 'America/New_York' } }),
      { token },
    );
    expect(later.status).toBe(400);
    expect(later.body).toMatchObject({
      field: 'organisation',
      message: 'organisation is set at first-run setup only; change it in Configurations → Messaging',
    });
    expect((await server.get('/api/settings/messaging', { token })).body.settings).toMatchObject({
      defaultCountry: 'GB',
      timeZone: 'Europe/London',
    });
    expect(await server.database.db.select().from(users)).toHaveLength(1);
  });
});
