import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('/api/v1/contacts', () => {
  let server: TestServer;
  let admin: TestAccount;
  let writer = '';
  let reader = '';

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    const key = async (scopes: string[]) =>
      (await server.post('/api/api-keys', { name: `CRM ${scopes[0]}`, scopes }, { token: admin.token })).body.secret;
    writer = await key(['contacts:write', 'contacts:read']);
    reader = await key(['contacts:read']);
  });
  afterAll(() => server?.close());

  it('creates a contact by phone (201, E.164, source api), then updates the same one (200)', async () => {
    const created = await server.post(
      '/api/v1/contacts',
      { phone: '07400 123456', defaultCountry: 'GB', firstName: 'Ann' },
      { token: writer },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.contact).toMatchObject({ phone: '+447400123456', firstName: 'Ann', source: 'api', status: 'active' });
    const again = await server.post('/api/v1/contacts', { phone: '+447400123456', lastName: 'Lee' }, { token: writer });
    expect(again.status).toBe(200);
    expect(again.body.contact).toMatchObject({ id: created.body.contact.id, firstName: 'Ann', lastName: 'Lee' });
    const read = await server.get(`/api/v1/contacts/${created.body.contact.id}`, { token: reader });
    expect(read.status).toBe(200);
    expect(read.body.contact.lastName).toBe('Lee');
    const [audit] = await queryRows<{ actor_name: string }>(
      server.database.db,
      sql`select actor_name from audit_log where action = 'contact.api_upsert' order by id desc limit 1`,
    );
    expect(audit?.actor_name).toBe('CRM contacts:write (API key)');
  });

  it('answers 400 naming the field, INVALID_PHONE, 403 without the write scope, 404 for an unknown id', async () => {
    const badPhone = await server.post('/api/v1/contacts', { phone: '12345' }, { token: writer });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ field: 'phone', code: 'INVALID_PHONE' });
    const badEmail = await server.post('/api/v1/contacts', { phone: '+447400123457', email: 'nope' }, { token: writer });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.field).toBe('email');
    expect((await server.post('/api/v1/contacts', { phone: '+447400123457' }, { token: reader })).status).toBe(403);
    expect((await server.get('/api/v1/contacts/00000000-0000-4000-8000-000000000000', { token: reader })).status).toBe(404);
    expect((await server.get('/api/v1/contacts/nope', { token: reader })).body.field).toBe('id');
  });

  it('opts out through the API but refuses opting an opted-out contact back in (409)', async () => {
    const created = await server.post('/api/v1/contacts', { phone: '+447400123458', status: 'opted_out' }, { token: writer });
    expect(created.status).toBe(201);
    expect(created.body.contact.status).toBe('opted_out');
    const optIn = await server.put(`/api/v1/contacts/${created.body.contact.id}`, { status: 'active' }, { token: writer });
    expect(optIn.status).toBe(409);
    expect(optIn.body).toMatchObject({ code: 'OPT_IN_REFUSED', field: 'status' });
    const upsertIn = await server.post('/api/v1/contacts', { phone: '+447400123458', status: 'active' }, { token: writer });
    expect(upsertIn.status).toBe(409);
    expect((await server.get(`/api/v1/contacts/${created.body.contact.id}`, { token: reader })).body.contact.status).toBe('opted_out');
  });

  it('changes a number only to a free one (409 CONTACT_EXISTS)', async () => {
    const a = await server.post('/api/v1/contacts', { phone: '+447400123459' }, { token: writer });
    const b = await server.post('/api/v1/contacts', { phone: '+447400123460' }, { token: writer });
    const clash = await server.put(`/api/v1/contacts/${b.body.contact.id}`, { phone: '+447400123459' }, { token: writer });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('CONTACT_EXISTS');
    const moved = await server.put(`/api/v1/contacts/${a.body.contact.id}`, { phone: '+447400123461', tag1: 'vip' }, { token: writer });
    expect(moved.status).toBe(200);
    expect(moved.body.contact).toMatchObject({ phone: '+447400123461', tag1: 'vip' });
  });

  it('lists with a cursor and filters', async () => {
    const first = await server.get('/api/v1/contacts?limit=2', { token: reader });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    const second = await server.get(`/api/v1/contacts?limit=100&cursor=${first.body.nextCursor}`, { token: reader });
    const all = [...first.body.data, ...second.body.data].map((c: any) => c.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(4);
    const optedOut = await server.get('/api/v1/contacts?status=opted_out', { token: reader });
    expect(optedOut.body.data.map((c: any) => c.phone)).toEqual(['+447400123458']);
    const byPhone = await server.get('/api/v1/contacts?phone=%2B447400123461', { token: reader });
    expect(byPhone.body.data.map((c: any) => c.tag1)).toEqual(['vip']);
  });
});
