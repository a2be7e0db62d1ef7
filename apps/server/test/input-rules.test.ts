import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';

// The contracts' text rule on real routes: what PostgreSQL cannot store is a 400 naming the
// field before any SQL runs (these were 500s), and object-machinery keys are named too.
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer({
    extraRoutes: (app) => {
      app.post('/api/test/echo', { config: { auth: 'public' } }, async (request) => ({ received: request.body }));
    },
  });
  admin = await server.createAdmin();
});
afterAll(() => server?.close());

const NUL = '\u0000';

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming the field on sign-in and forgot-password, and the attempt is still throttled normally', async () => {
    const login = await server.post('/api/users/login', { email: `a${NUL}@x.test`, password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'email must not contain the NUL character (U+0000)',
    });
    const forgot = await server.post('/api/users/forgot-password', { email: `a${NUL}@x.test` });
    expect(forgot.status).toBe(400);
    expect(forgot.body.field).toBe('email');
  });

  it('answers 400 naming the field for a NUL in a query parameter (every search)', async () => {
    for (const path of [
      '/api/users',
      '/api/contacts',
      '/api/campaigns',
      '/api/inbox/conversations',
      '/api/audit-log',
      '/api/reports/campaigns',
    ]) {
      const response = await server.get(`${path}?search=%00`, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({ field: 'search', message: 'search must not contain the NUL character (U+0000)' });
    }
  });

  it('answers 400 for a lone surrogate in a body field instead of storing U+FFFD', async () => {
    const response = await server.post('/api/contacts', { phone: '+447911123456', firstName: 'Ann\uD800' }, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'firstName',
      message: 'firstName must not contain a lone surrogate (U+D800): send valid UTF-8 text',
    });
  });

  it('names nested fields (custom fields, campaign bodies) and keeps the rest of the app working', async () => {
    const custom = await server.post(
      '/api/contacts',
      { phone: '+447911123457', customFields: { site: `North${NUL}` } },
      { token: admin.token },
    );
    expect(custom.body).toMatchObject({ field: 'customFields.site' });
    const campaign = await server.post('/api/campaigns', { name: 'Hello', body: `Hi${NUL}` }, { token: admin.token });
    expect(campaign.status).toBe(400);
    expect(campaign.body.field).toBe('body');
    const fine = await server.post(
      '/api/contacts',
      { phone: '+447911123458', firstName: '\u202EAnn', customFields: { site: '__proto__' } },
      { token: admin.token },
    );
    expect(fine.status).toBe(201);
    expect(fine.body.contact).toMatchObject({ firstName: '\u202EAnn', customFields: { site: '__proto__' } });
  });

  it('refuses a streamed export before its first byte (it used to send the header, then cut the connection)', async () => {
    for (const path of [
      '/api/contacts/export?format=csv&search=%00',
      '/api/audit-log/export?search=%00',
      '/api/reports/campaigns/export?search=%00',
    ]) {
      const response = await server.get(path, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(response.body.field, path).toBe('search');
    }
  });
});

describe('keys that reach the object machinery', () => {
  it('answers 400 naming a __proto__ or constructor key instead of "not valid JSON"', async () => {
    const proto = await server.request('POST', '/api/contacts', {
      body: '{"phone":"+447911123459","customFields":{"__proto__":{"admin":true}}}',
      token: admin.token,
    });
    expect(proto.status).toBe(400);
    expect(proto.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'customFields.__proto__',
      message: 'customFields.__proto__ is not an allowed field name',
    });
    const ctor = await server.post('/api/contacts', { phone: '+447911123459', customFields: { constructor: 'x' } }, { token: admin.token });
    expect(ctor.status).toBe(400);
    expect(ctor.body.field).toBe('customFields.constructor');
    const top = await server.request('POST', '/api/test/echo', { body: '{"__proto__": {"admin": true}}' });
    expect(top.status).toBe(400);
    expect(top.body).toMatchObject({ field: '__proto__' });
  });
});
