import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { MISSING_ID } from '../../../test/campaign-api.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('notes API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  let contactId = '';
  let otherContactId = '';

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager', { name: 'Maria Manager' });
    agent = await server.createUser('agent', { name: 'Alex Agent' });
    viewer = await server.createUser('viewer', { name: 'Vera Viewer' });
    const one = await server.post(
      '/api/contacts',
      { phone: '+447700900101', firstName: 'Nadia', lastName: 'Noted' },
      { token: admin.token },
    );
    contactId = one.body.contact.id;
    const two = await server.post('/api/contacts', { phone: '+447700900102' }, { token: admin.token });
    otherContactId = two.body.contact.id;
  });
  afterAll(() => server?.close());

  const write = async (body: Record<string, unknown>, token = agent.token) => {
    const response = await server.post('/api/notes', { contactId, body: 'A note', ...body }, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.note as any;
  };
  const notificationsOf = (userId: string) =>
    queryRows<{ kind: string; subjectId: string; params: Record<string, unknown> }>(
      server.database.db,
      sql`select kind, subject_id as "subjectId", params from notifications where user_id = ${userId} and kind = 'note_mention' order by created_at`,
    );

  it('refuses strangers (401) and viewers (403); agents and managers read and write', async () => {
    expect((await server.get('/api/notes')).status).toBe(401);
    expect((await server.post('/api/notes', { contactId, body: 'x' })).status).toBe(401);
    expect((await server.get('/api/notes', { token: viewer.token })).status).toBe(403);
    expect((await server.post('/api/notes', { contactId, body: 'x' }, { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/notes/mentionable', { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/notes', { token: agent.token })).status).toBe(200);
    expect((await server.get('/api/notes/authors', { token: manager.token })).status).toBe(200);
  });

  it('answers 400 naming the field and 404 for an unknown note or contact', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contactId, body: '   ' }, 'body'],
      [{ contactId }, 'body'],
      [{ contactId, body: 'x'.repeat(4001) }, 'body'],
      [{ contactId: 'nope', body: 'x' }, 'contactId'],
      [{ contactId, body: 'bad \u0000 text' }, 'body'],
      [{ contactId, body: 'x', mentions: ['nope'] }, 'mentions.0'],
      // A user who may not read notes cannot be mentioned.
      [{ contactId, body: '@Vera Viewer look', mentions: [viewer.user.id] }, 'mentions'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/notes', body, { token: agent.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await server.get('/api/notes?mentionsMe=maybe', { token: agent.token })).body.field).toBe('mentionsMe');
    expect((await server.get('/api/notes/nope', { token: agent.token })).body.field).toBe('id');
    expect((await server.post('/api/notes', { contactId: MISSING_ID, body: 'x' }, { token: agent.token })).status).toBe(404);
    expect((await server.get(`/api/notes/${MISSING_ID}`, { token: agent.token })).status).toBe(404);
    expect((await server.put(`/api/notes/${MISSING_ID}`, { body: 'x' }, { token: agent.token })).status).toBe(404);
    expect((await server.delete(`/api/notes/${MISSING_ID}`, { token: agent.token })).status).toBe(404);
  });

  it('suggests staff who may read notes for @mentions', async () => {
    const answer = await server.get('/api/notes/mentionable?search=ma', { token: agent.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([{ id: manager.user.id, name: 'Maria Manager' }]);
    const all = (await server.get('/api/notes/mentionable', { token: agent.token })).body.data.map((user: any) => user.id);
    expect(all).toContain(admin.user.id);
    expect(all).not.toContain(viewer.user.id);
  });

  it('writes a note, notifies the users it mentions (once) with a link to the contact, and audits it', async () => {
    const note = await write({ body: '  Called her back. @maria manager please follow up  ', mentions: [manager.user.id, admin.user.id] });
    // Only mentions the text still holds count; the text is trimmed.
    expect(note).toMatchObject({
      contactId,
      body: 'Called her back. @maria manager please follow up',
      author: { id: agent.user.id, name: 'Alex Agent' },
      mentions: [{ id: manager.user.id, name: 'Maria Manager' }],
      contact: { firstName: 'Nadia', lastName: 'Noted', phone: '+447700900101' },
      editedAt: null,
    });
    const [notice] = await notificationsOf(manager.user.id);
    expect(notice).toMatchObject({ kind: 'note_mention', subjectId: contactId, params: { author: 'Alex Agent', name: 'Nadia Noted' } });
    expect(await notificationsOf(admin.user.id)).toEqual([]);
    // The bell shows it to the mentioned user.
    const bell = await server.get('/api/notifications', { token: manager.token });
    expect(bell.body.data.map((n: any) => n.kind)).toContain('note_mention');
    // An edit that keeps the mention does not notify again; a new mention does.
    const edited = await server.put(
      `/api/notes/${note.id}`,
      { body: '@Maria Manager and @Alex Agent see this', mentions: [manager.user.id, admin.user.id] },
      { token: agent.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.note.editedAt).not.toBeNull();
    expect(await notificationsOf(manager.user.id)).toHaveLength(1);
    // Authors are never notified of their own mention.
    expect(await notificationsOf(agent.user.id)).toEqual([]);
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject = 'Note' and subject_id = ${note.id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['note.create', 'note.update']);
  });

  it('lets only the author edit; the author or an administrator delete', async () => {
    const note = await write({ body: 'Mine' });
    const byManager = await server.put(`/api/notes/${note.id}`, { body: 'Hijacked' }, { token: manager.token });
    expect(byManager.status).toBe(403);
    expect((await server.put(`/api/notes/${note.id}`, { body: 'Hijacked' }, { token: admin.token })).status).toBe(403);
    expect((await server.delete(`/api/notes/${note.id}`, { token: manager.token })).status).toBe(403);
    expect((await server.get(`/api/notes/${note.id}`, { token: manager.token })).body.note.body).toBe('Mine');
    expect((await server.delete(`/api/notes/${note.id}`, { token: admin.token })).status).toBe(204);
    expect((await server.get(`/api/notes/${note.id}`, { token: agent.token })).status).toBe(404);
    const own = await write({ body: 'Mine to delete' });
    expect((await server.delete(`/api/notes/${own.id}`, { token: agent.token })).status).toBe(204);
    const [deleted] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where action = 'note.delete' and subject_id in (${note.id}, ${own.id})`,
    );
    expect(deleted?.n).toBe(2);
  });

  it('lists notes newest first, by contact, author, text and "mentions me"', async () => {
    await write({ contactId: otherContactId, body: 'Other contact, by the manager' }, manager.token);
    const newest = await write({ body: 'Newest: ask @Alex Agent', mentions: [agent.user.id] }, manager.token);
    const all = await server.get('/api/notes?limit=100', { token: agent.token });
    expect(all.status).toBe(200);
    expect(all.body.data[0].id).toBe(newest.id);
    const times = all.body.data.map((n: any) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const byContact = await server.get(`/api/notes?contactId=${otherContactId}`, { token: agent.token });
    expect(byContact.body).toMatchObject({ total: 1, data: [{ body: 'Other contact, by the manager' }] });
    const byAuthor = await server.get(`/api/notes?authorId=${manager.user.id}`, { token: agent.token });
    expect(byAuthor.body.total).toBe(2);
    const search = await server.get('/api/notes?search=FOLLOW%20UP', { token: agent.token });
    expect(search.body.total).toBe(0);
    const found = await server.get('/api/notes?search=see%20this', { token: agent.token });
    expect(found.body.total).toBe(1);
    const mine = await server.get('/api/notes?mentionsMe=true', { token: agent.token });
    expect(mine.body.data.map((n: any) => n.id)).toEqual([newest.id]);
    const authors = await server.get('/api/notes/authors', { token: agent.token });
    expect(authors.body.data.map((a: any) => a.id).sort()).toEqual([agent.user.id, manager.user.id].sort());
  });
});
