import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { auditLog } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let phoneSeq = 100000;
/** A fresh valid UK mobile number per call. */
const nextPhone = () => `+4474001${String(++phoneSeq).slice(-5)}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

const create = async (body: Record<string, unknown>, token = admin.token) => {
  const response = await server.post('/api/contacts', body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.contact;
};

describe('contacts: who may do what', () => {
  it('answers 401 without a token on every route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/contacts'],
      ['POST', '/api/contacts'],
      ['GET', `/api/contacts/${MISSING_ID}`],
      ['PUT', `/api/contacts/${MISSING_ID}`],
      ['DELETE', `/api/contacts/${MISSING_ID}`],
      ['POST', '/api/contacts/bulk'],
      ['GET', '/api/contacts/tags?field=tag1'],
      ['GET', '/api/contacts/export'],
    ];
    for (const [method, path] of routes) expect((await server.request(method, path)).status, `${method} ${path}`).toBe(401);
  });

  it('applies the role policy per route', async () => {
    const contact = await create({ phone: nextPhone() });
    const other = await create({ phone: nextPhone() });
    const expectations: Array<[string, string, unknown, Record<string, number>]> = [
      ['GET', '/api/contacts', undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['GET', `/api/contacts/${contact.id}`, undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['GET', '/api/contacts/tags?field=tag1', undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['PUT', `/api/contacts/${contact.id}`, { notes: 'x' }, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      [
        'POST',
        '/api/contacts/bulk',
        { action: 'setTag', target: { ids: [contact.id] }, tag: { field: 'tag3', value: 'r' } },
        { admin: 200, manager: 200, agent: 200, viewer: 403 },
      ],
      [
        'POST',
        '/api/contacts/bulk',
        { action: 'delete', target: { ids: [MISSING_ID] } },
        { admin: 200, manager: 200, agent: 403, viewer: 403 },
      ],
      ['GET', '/api/contacts/export', undefined, { admin: 200, manager: 200, agent: 403, viewer: 403 }],
      ['POST', '/api/contacts', { phone: '+33612345678' }, { agent: 403, viewer: 403 }],
      ['DELETE', `/api/contacts/${other.id}`, undefined, { agent: 403, viewer: 403, manager: 204 }],
    ];
    const accounts: Record<string, TestAccount> = { admin, manager, agent, viewer };
    for (const [method, path, body, statuses] of expectations) {
      for (const [role, status] of Object.entries(statuses)) {
        const response = await server.request(method, path, { token: accounts[role]?.token, body });
        expect(response.status, `${role} ${method} ${path}`).toBe(status);
        if (status === 403) expect(response.body.code).toBe('FORBIDDEN');
      }
    }
  });
});

describe('POST /api/contacts', () => {
  it('stores the number in E.164 with its country and answers the contact', async () => {
    const contact = await create(
      {
        phone: '07400 123456',
        defaultCountry: 'GB',
        firstName: ' Ann ',
        lastName: 'Lee',
        email: 'Ann@Example.com',
        tag1: 'VIP',
        customFields: { city: 'Leeds' },
        notes: '',
      },
      manager.token,
    );
    expect(contact).toMatchObject({
      phone: '+447400123456',
      phoneCountry: 'GB',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      tag1: 'VIP',
      tag2: null,
      customFields: { city: 'Leeds' },
      status: 'active',
      optedOutAt: null,
      optOutSource: null,
      notes: null,
      source: 'manual',
    });
    expect(Object.keys(contact).sort()).toEqual(
      [
        'createdAt',
        'customFields',
        'email',
        'firstName',
        'id',
        'lastName',
        'notes',
        'optInNote',
        'optOutSource',
        'optedInAt',
        'optedOutAt',
        'phone',
        'phoneCountry',
        'source',
        'status',
        'tag1',
        'tag2',
        'tag3',
        'updatedAt',
      ].sort(),
    );
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contact.create'), eq(auditLog.subjectId, contact.id)));
    expect(audit).toHaveLength(1);
  });

  it('answers 409 naming the existing contact (also when written differently)', async () => {
    const existing = await create({ phone: '+44 7400 200300', firstName: 'Bob', lastName: 'Stone' });
    const response = await server.post('/api/contacts', { phone: '07400200300', defaultCountry: 'GB' }, { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: 'A contact with this phone number already exists: Bob Stone',
      code: 'CONTACT_EXISTS',
      field: 'phone',
      existingId: existing.id,
    });
    const nameless = await create({ phone: '+447400200301' });
    const again = await server.post('/api/contacts', { phone: '+447400200301' }, { token: admin.token });
    expect(again.body.message).toBe('A contact with this phone number already exists: +447400200301');
    expect(again.body.existingId).toBe(nameless.id);
  });

  it('answers 400 naming the field, with the reason for phones', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'phone', 'phone is required'],
      [{ phone: '07400 123456' }, 'phone', 'Phone number needs a country code (such as +44) or a default country'],
      [{ phone: '0123', defaultCountry: 'GB' }, 'phone', 'Invalid phone number for country GB'],
      // Written the US way: never read as an Austrian or New Zealand number.
      [{ phone: '(436) 607-4252', defaultCountry: 'US' }, 'phone', 'Invalid phone number for country US'],
      [{ phone: '6486801014', defaultCountry: 'US' }, 'phone', 'Invalid phone number for country US'],
      [{ phone: '+4474001234567890' }, 'phone', 'Phone number is too long (at most 15 digits)'],
      [
        { phone: '4.47911E+11' },
        'phone',
        'The spreadsheet rounded this number (4.47911E+11); format the phone column as text and export the file again',
      ],
      [{ phone: nextPhone(), email: 'not-an-email' }, 'email', 'email must be a valid email address'],
      [{ phone: nextPhone(), status: 'gone' }, 'status', 'status must be one of active, opted_out'],
      [{ phone: nextPhone(), defaultCountry: 'ZZ' }, 'defaultCountry', 'defaultCountry must be a two-letter country code (such as GB)'],
    ];
    for (const [body, field, message] of cases) {
      const response = await server.post('/api/contacts', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    }
  });
});

describe('GET/PUT/DELETE /api/contacts/{id}', () => {
  it('answers 404 for missing contacts and 400 for bad ids', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await server.request(method, `/api/contacts/${MISSING_ID}`, {
        token: admin.token,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(response.status, method).toBe(404);
      expect(response.body.message).toBe('Contact not found');
    }
    const bad = await server.get('/api/contacts/nope', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });

  it('updates partially; opting out stamps time and source, opting in clears them', async () => {
    const contact = await create({ phone: nextPhone(), firstName: 'Cy', tag1: 'A', customFields: { a: '1' } });
    const renamed = await server.put(`/api/contacts/${contact.id}`, { lastName: 'Young', tag1: null }, { token: agent.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.contact).toMatchObject({ firstName: 'Cy', lastName: 'Young', tag1: null, customFields: { a: '1' } });

    const out = (await server.put(`/api/contacts/${contact.id}`, { status: 'opted_out' }, { token: agent.token })).body.contact;
    expect(out).toMatchObject({ status: 'opted_out', optOutSource: 'admin' });
    expect(Date.now() - Date.parse(out.optedOutAt)).toBeLessThan(60_000);
    // Saving other fields keeps the original opt-out time and source.
    const still = (await server.put(`/api/contacts/${contact.id}`, { status: 'opted_out', notes: 'asked twice' }, { token: agent.token }))
      .body.contact;
    expect(still).toMatchObject({ status: 'opted_out', optedOutAt: out.optedOutAt, optOutSource: 'admin', notes: 'asked twice' });

    // Opting back in is not an agent's call (contact-consent.test.ts): an admin does it, with a consent note.
    const back = (
      await server.put(`/api/contacts/${contact.id}`, { status: 'active', consentNote: 'Confirmed by phone' }, { token: admin.token })
    ).body.contact;
    expect(back).toMatchObject({ status: 'active', optedOutAt: null, optOutSource: null, optInNote: 'Confirmed by phone' });
    expect((await server.get(`/api/contacts/${contact.id}`, { token: viewer.token })).status).toBe(403);
    expect((await server.get(`/api/contacts/${contact.id}`, { token: agent.token })).body.contact.notes).toBe('asked twice');
  });

  it('changes the phone only to a free number', async () => {
    const first = await create({ phone: nextPhone(), firstName: 'Dee' });
    const second = await create({ phone: nextPhone() });
    const clash = await server.put(`/api/contacts/${second.id}`, { phone: first.phone }, { token: admin.token });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: 'CONTACT_EXISTS',
      existingId: first.id,
      message: 'A contact with this phone number already exists: Dee',
    });
    const same = await server.put(
      `/api/contacts/${first.id}`,
      { phone: first.phone.replace('+44', '0'), defaultCountry: 'GB' },
      { token: admin.token },
    );
    expect(same.status).toBe(200);
    const moved = await server.put(`/api/contacts/${second.id}`, { phone: '+33 6 12 34 56 79' }, { token: admin.token });
    expect(moved.body.contact).toMatchObject({ phone: '+33612345679', phoneCountry: 'FR' });
    const invalid = await server.put(`/api/contacts/${second.id}`, { phone: '12' }, { token: admin.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('phone');
  });

  it('deletes with 204, audited', async () => {
    const contact = await create({ phone: nextPhone() });
    expect((await server.delete(`/api/contacts/${contact.id}`, { token: manager.token })).status).toBe(204);
    expect((await server.get(`/api/contacts/${contact.id}`, { token: admin.token })).status).toBe(404);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contact.delete'), eq(auditLog.subjectId, contact.id)));
    expect(audit).toHaveLength(1);
  });
});
