import { TRASH_DAYS } from '@sms/contracts/contacts-trash';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditOf } from '../../../test/campaign-api.ts';
import { importFile, startImportServer } from '../../../test/import-fixtures.ts';
import type { TestAccount, TestServer } from '../../../test/helper.ts';
import { purgeTrash } from './contacts-trash.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let phoneSeq = 300000;
/** A fresh valid UK mobile number per call. */
const nextPhone = () => `+4474002${String(++phoneSeq).slice(-5)}`;

beforeAll(async () => {
  server = await startImportServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

const create = async (body: Record<string, unknown>) => {
  const response = await server.post('/api/contacts', body, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.contact as { id: string; phone: string };
};
const trash = async (id: string) => expect((await server.delete(`/api/contacts/${id}`, { token: admin.token })).status).toBe(204);
const listTotal = async (query: string) => (await server.get(`/api/contacts?${query}`, { token: admin.token })).body.total as number;
const trashIds = async () =>
  ((await server.get('/api/contacts/trash?limit=100', { token: admin.token })).body.data as { id: string }[]).map((row) => row.id);
const rowOf = async (id: string) =>
  (await queryRows<{ deleted_at: Date | null }>(server.database.db, sql`select deleted_at from contacts where id = ${id}`))[0];

describe('contacts trash: who may do what', () => {
  it('answers 401 without a token, and lets only those who may delete contacts see and restore them', async () => {
    for (const [method, path] of [
      ['GET', '/api/contacts/trash'],
      ['POST', '/api/contacts/trash/restore'],
      ['POST', `/api/contacts/${MISSING_ID}/restore`],
    ] as const)
      expect((await server.request(method, path)).status, `${method} ${path}`).toBe(401);
    const contact = await create({ phone: nextPhone() });
    await trash(contact.id);
    const accounts = { admin, manager, agent, viewer };
    for (const [role, status] of [
      ['viewer', 403],
      ['agent', 403],
      ['manager', 200],
      ['admin', 200],
    ] as const) {
      const token = accounts[role].token;
      expect((await server.get('/api/contacts/trash', { token })).status, role).toBe(status);
      const bulk = await server.post('/api/contacts/trash/restore', { ids: [MISSING_ID] }, { token });
      expect(bulk.status, role).toBe(status);
      if (status === 403) {
        expect(bulk.body.code).toBe('FORBIDDEN');
        expect((await server.post(`/api/contacts/${contact.id}/restore`, undefined, { token })).status, role).toBe(403);
      }
    }
    expect((await server.post(`/api/contacts/${contact.id}/restore`, undefined, { token: manager.token })).status).toBe(200);
    // Not in the trash (any more, or never): 404 for every role, before the role is looked at.
    expect((await server.post(`/api/contacts/${contact.id}/restore`, undefined, { token: viewer.token })).status).toBe(404);
    expect((await server.post(`/api/contacts/${MISSING_ID}/restore`, undefined, { token: admin.token })).status).toBe(404);
    expect((await server.post('/api/contacts/trash/restore', { ids: [] }, { token: admin.token })).status).toBe(400);
    expect((await server.get('/api/contacts/trash?limit=0', { token: admin.token })).status).toBe(400);
  });
});

describe('contacts trash: delete, list, restore', () => {
  it('a deleted contact leaves every list for the trash, audited, and comes back whole when restored', async () => {
    const contact = await create({ phone: nextPhone(), firstName: 'Trudy', lastName: 'Binney', tag1: 'trash-one' });
    expect(await listTotal('tag1=trash-one')).toBe(1);
    await trash(contact.id);

    expect(await listTotal('tag1=trash-one')).toBe(0);
    expect((await server.get(`/api/contacts/${contact.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.put(`/api/contacts/${contact.id}`, { notes: 'x' }, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/contacts/${contact.id}`, { token: admin.token })).status).toBe(404);
    const listed = await server.get('/api/contacts/trash?search=Trudy', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    const [row] = listed.body.data;
    expect(row).toMatchObject({ id: contact.id, firstName: 'Trudy', tag1: 'trash-one' });
    expect(Date.parse(row.purgeAfter) - Date.parse(row.deletedAt)).toBe(TRASH_DAYS * 86_400_000);
    expect(Date.now() - Date.parse(row.deletedAt)).toBeLessThan(60_000);

    const restored = await server.post(`/api/contacts/${contact.id}/restore`, undefined, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body.contact).toMatchObject({ id: contact.id, firstName: 'Trudy', lastName: 'Binney', tag1: 'trash-one' });
    expect(await listTotal('tag1=trash-one')).toBe(1);
    expect((await server.get(`/api/contacts/${contact.id}`, { token: admin.token })).status).toBe(200);
    expect(await trashIds()).not.toContain(contact.id);
    const actions = (await auditOf(server, contact.id)).map((entry) => entry.action);
    expect(actions).toEqual(['contact.create', 'contact.delete', 'contact.restore']);
  });

  it('a bulk delete (ids or filter) moves contacts to the trash and a bulk restore brings them back', async () => {
    const contacts = await Promise.all([1, 2, 3].map(() => create({ phone: nextPhone(), tag1: 'trash-bulk' })));
    const byIds = await server.post(
      '/api/contacts/bulk',
      { action: 'delete', target: { ids: [contacts[0]!.id, contacts[1]!.id] } },
      { token: manager.token },
    );
    expect(byIds.body).toEqual({ affected: 2 });
    const byFilter = await server.post(
      '/api/contacts/bulk',
      { action: 'delete', target: { filter: { tag1: 'trash-bulk' } } },
      { token: manager.token },
    );
    // Only the one left: the two in the trash are not deleted again.
    expect(byFilter.body).toEqual({ affected: 1 });
    expect(await listTotal('tag1=trash-bulk')).toBe(0);
    const ids = contacts.map((contact) => contact.id);
    expect(await trashIds()).toEqual(expect.arrayContaining(ids));

    const restore = await server.post('/api/contacts/trash/restore', { ids: [...ids, MISSING_ID] }, { token: manager.token });
    expect(restore.body).toEqual({ restored: 3 });
    expect(await listTotal('tag1=trash-bulk')).toBe(3);
    expect((await server.post('/api/contacts/trash/restore', { ids }, { token: manager.token })).body).toEqual({ restored: 0 });
    const [entry] = await queryRows<{ details: Record<string, unknown> }>(
      server.database.db,
      sql`select details from audit_log where action = 'contacts.restore' order by id desc limit 1`,
    );
    expect(entry?.details).toMatchObject({ ids: 4, restored: 3 });
  });
});

describe('contacts trash: left out of counts, audiences, segments, search and exports', () => {
  it('a trashed contact is counted and reached nowhere', async () => {
    const kept = await create({ phone: nextPhone(), firstName: 'Keptina', tag1: 'trash-aud' });
    const gone = await create({ phone: nextPhone(), firstName: 'Gonzaga', tag1: 'trash-aud' });
    const preview = async (audience: unknown) =>
      (await server.post('/api/campaigns/audience-preview', { audience }, { token: admin.token })).body as any;
    const allBefore = (await preview({ type: 'all' })).count as number;
    const dashboardBefore = (await server.get('/api/dashboard', { token: admin.token })).body.contacts.total as number;
    await trash(gone.id);

    expect((await preview({ type: 'filter', filter: { tag1: 'trash-aud' } })).count).toBe(1);
    expect((await preview({ type: 'all' })).count).toBe(allBefore - 1);
    const explicit = await preview({ type: 'contacts', contactIds: [kept.id, gone.id] });
    expect(explicit.count).toBe(1);
    expect(explicit.sample.map((contact: { id: string }) => contact.id)).toEqual([kept.id]);
    const segment = await server.post('/api/segments/count', { definition: { tag1: 'trash-aud' } }, { token: admin.token });
    expect(segment.body).toEqual({ total: 1, active: 1 });
    // The dashboard's total may be cached for a while after a deletion; the list's count is exact.
    expect((await server.get('/api/dashboard', { token: admin.token })).body.contacts.total).toBeLessThanOrEqual(dashboardBefore);
    expect(await listTotal('')).toBe(allBefore - 1);

    const search = async (q: string) =>
      ((await server.get(`/api/search?q=${encodeURIComponent(q)}`, { token: admin.token })).body.groups as any[]).flatMap((group) =>
        group.hits.map((hit: { id: string }) => hit.id),
      );
    expect(await search('Keptina')).toEqual([kept.id]);
    expect(await search('Gonzaga')).toEqual([]);
    expect(await search(gone.phone)).toEqual([]);

    const exported = await fetch(`${server.baseUrl}/api/contacts/export?tag1=trash-aud`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const csv = await exported.text();
    expect(csv).toContain(kept.phone);
    expect(csv).not.toContain(gone.phone);
  });
});

describe('contacts trash: purge after 30 days', () => {
  it('the lifecycle purge deletes for good what was trashed more than 30 days ago, and nothing newer', async () => {
    const old = await create({ phone: nextPhone(), firstName: 'Oldred' });
    const recent = await create({ phone: nextPhone(), firstName: 'Recentia' });
    await trash(old.id);
    await trash(recent.id);
    // Move the clock: one deleted 31 days ago, the other 29.
    await server.database.db.execute(sql`update contacts set deleted_at = now() - interval '31 days' where id = ${old.id}`);
    await server.database.db.execute(sql`update contacts set deleted_at = now() - interval '29 days' where id = ${recent.id}`);

    expect(await purgeTrash(server.database.db)).toBe(1);
    expect(await rowOf(old.id)).toBeUndefined();
    expect((await rowOf(recent.id))?.deleted_at).not.toBeNull();
    expect(await trashIds()).toContain(recent.id);
    expect(await trashIds()).not.toContain(old.id);
    expect((await server.post(`/api/contacts/${old.id}/restore`, undefined, { token: admin.token })).status).toBe(404);
    const [entry] = await queryRows<{ action: string; details: Record<string, unknown> }>(
      server.database.db,
      sql`select action, details from audit_log where action = 'contacts.purge' order by id desc limit 1`,
    );
    expect(entry?.details).toMatchObject({ purged: 1, days: TRASH_DAYS });
    // A small batch still purges everything due, batch after batch.
    await server.database.db.execute(sql`update contacts set deleted_at = now() - interval '40 days' where id = ${recent.id}`);
    expect(await purgeTrash(server.database.db, 1)).toBe(1);
    expect(await rowOf(recent.id)).toBeUndefined();
  });

  it('erasure still removes at once, from the list or from the trash', async () => {
    const listed = await create({ phone: nextPhone(), firstName: 'Erasmus' });
    const trashed = await create({ phone: nextPhone(), firstName: 'Erika' });
    await trash(trashed.id);
    for (const contact of [listed, trashed]) {
      const erased = await server.post(`/api/contacts/${contact.id}/erase`, undefined, { token: admin.token });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(await rowOf(contact.id)).toBeUndefined();
    }
    expect(await trashIds()).not.toContain(trashed.id);
  });
});

describe("contacts trash: a trashed contact's number used again", () => {
  it('adding a contact by hand with the number brings the trashed contact back with the new values; opted out stays opted out', async () => {
    const phone = nextPhone();
    const first = await create({ phone, firstName: 'Before', tag2: 'kept', status: 'opted_out' });
    await trash(first.id);
    const again = await server.post('/api/contacts', { phone, firstName: 'After', status: 'active' }, { token: admin.token });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.contact).toMatchObject({ id: first.id, firstName: 'After', tag2: 'kept', status: 'opted_out' });
    expect(await trashIds()).not.toContain(first.id);
    const restore = (await auditOf(server, first.id)).find((entry) => entry.action === 'contact.restore');
    expect(restore?.details).toMatchObject({ via: 'create' });
  });

  it("changing another contact's number to it answers 409 CONTACT_IN_TRASH", async () => {
    const phone = nextPhone();
    const trashed = await create({ phone, firstName: 'Holder' });
    await trash(trashed.id);
    const other = await create({ phone: nextPhone() });
    const response = await server.put(`/api/contacts/${other.id}`, { phone }, { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CONTACT_IN_TRASH', field: 'phone' });
  });

  it('an import with the number brings the trashed contact back (counted as updated)', async () => {
    const phone = nextPhone();
    const trashed = await create({ phone, firstName: 'Imported', tag1: 'trash-import' });
    await trash(trashed.id);
    const skip = await importFile(server, admin.token, `phone,first_name\n${phone},Skipped\n`);
    expect(skip.summary.status).toBe('completed');
    expect(skip.summary.counts).toMatchObject({ created: 0, updated: 1 });
    const back = await server.get(`/api/contacts/${trashed.id}`, { token: admin.token });
    expect(back.body.contact).toMatchObject({ firstName: 'Imported', tag1: 'trash-import' });

    await trash(trashed.id);
    const overwrite = await importFile(server, admin.token, `phone,first_name\n${phone},Overwritten\n`, { onDuplicate: 'overwrite' });
    expect(overwrite.summary.counts).toMatchObject({ created: 0, updated: 1 });
    const again = await server.get(`/api/contacts/${trashed.id}`, { token: admin.token });
    expect(again.body.contact).toMatchObject({ firstName: 'Overwritten', tag1: 'trash-import' });
    expect(await trashIds()).not.toContain(trashed.id);
  });
});
