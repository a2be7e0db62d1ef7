import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { MISSING_ID } from '../../../test/campaign-api.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

describe('message templates API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent');
    viewer = await server.createUser('viewer');
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>, token = manager.token) => {
    const response = await server.post('/api/templates', { body: 'Hi {{first_name | there}}', ...body }, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.template as any;
  };

  it('refuses strangers (401), viewers (403) and agents who would change templates (403)', async () => {
    expect((await server.get('/api/templates')).status).toBe(401);
    expect((await server.get('/api/templates', { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/templates', { token: agent.token })).status).toBe(200);
    expect((await server.post('/api/templates', { name: 'x', body: 'y' }, { token: agent.token })).status).toBe(403);
    const own = await create({ name: 'Agents may read' });
    expect((await server.get(`/api/templates/${own.id}`, { token: agent.token })).status).toBe(200);
    expect((await server.put(`/api/templates/${own.id}`, { name: 'z' }, { token: agent.token })).status).toBe(403);
    expect((await server.delete(`/api/templates/${own.id}`, { token: agent.token })).status).toBe(403);
  });

  it('answers 400 naming the field, 404 for an unknown id and 409 for a name in use', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ body: 'x' }, 'name'],
      [{ name: 'No text', body: '   ' }, 'body'],
      [{ name: 'Bad tag', body: 'Hi {{first_name' }, 'body'],
      [{ name: 'Bad sender', body: 'x', senderId: 'way too long sender' }, 'senderId'],
      [{ name: 'Long', body: 'x'.repeat(1601) }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/templates', body, { token: manager.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await server.get(`/api/templates/${MISSING_ID}`, { token: agent.token })).status).toBe(404);
    expect((await server.get('/api/templates/nope', { token: agent.token })).body.field).toBe('id');
    expect((await server.put(`/api/templates/${MISSING_ID}`, { name: 'x' }, { token: manager.token })).status).toBe(404);
    expect((await server.delete(`/api/templates/${MISSING_ID}`, { token: manager.token })).status).toBe(404);
    await create({ name: 'Unique name' });
    const again = await server.post('/api/templates', { name: 'UNIQUE NAME', body: 'x' }, { token: manager.token });
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('name');
  });

  it('creates, reads, updates and deletes, with the audit trail', async () => {
    const created = await create({
      name: 'Reminder',
      category: 'Appointments',
      body: 'Hi {{first_name}}, see you {{Date | soon}}',
      senderId: 'Clinic',
    });
    expect(created).toMatchObject({ name: 'Reminder', category: 'Appointments', senderId: 'Clinic', useCount: 0, lastUsedAt: null });
    expect(created.createdBy.id).toBe(manager.user.id);
    const updated = await server.put(`/api/templates/${created.id}`, { category: '', body: 'Changed' }, { token: admin.token });
    expect(updated.status).toBe(200);
    expect(updated.body.template).toMatchObject({ name: 'Reminder', category: null, body: 'Changed' });
    expect((await server.delete(`/api/templates/${created.id}`, { token: manager.token })).status).toBe(204);
    expect((await server.get(`/api/templates/${created.id}`, { token: manager.token })).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject_id = ${created.id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['template.create', 'template.update', 'template.delete']);
  });

  it('lists with search over name, category and text, in pages of { data, total }', async () => {
    for (const n of [1, 2, 3]) await create({ name: `Paged ${n}`, category: 'Paging', body: `Body number ${n}` });
    await create({ name: 'Other', body: 'mentions paging in its text' });
    const first = await server.get('/api/templates?search=pag&limit=2&skip=0', { token: agent.token });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(4);
    expect(first.body.data.map((t: any) => t.name)).toEqual(['Other', 'Paged 1']);
    const second = await server.get('/api/templates?search=pag&limit=2&skip=2', { token: agent.token });
    expect(second.body.data.map((t: any) => t.name)).toEqual(['Paged 2', 'Paged 3']);
    const byCategory = await server.get('/api/templates?category=paging', { token: agent.token });
    expect(byCategory.body.total).toBe(3);
    expect((await server.get('/api/templates?limit=0', { token: agent.token })).body.field).toBe('limit');
  });

  it('counts a use for each campaign created from it and each inbox reply sent with it', async () => {
    const template = await create({ name: 'Counted', body: 'Hello {{first_name}}' });
    const campaign = await server.post(
      '/api/campaigns',
      { name: 'From template', body: template.body, templateId: template.id },
      { token: manager.token },
    );
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const contact = await server.post('/api/contacts', { phone: '+447911123456', firstName: 'Ann' }, { token: admin.token });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const reply = await server.post(
      `/api/inbox/conversations/${contact.body.contact.id}/reply`,
      { body: 'Hello Ann', templateId: template.id },
      { token: agent.token },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    const read = await server.get(`/api/templates/${template.id}`, { token: agent.token });
    expect(read.body.template.useCount).toBe(2);
    expect(read.body.template.lastUsedAt).not.toBeNull();
    const missing = await server.post('/api/campaigns', { name: 'Ghost', templateId: MISSING_ID }, { token: manager.token });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('templateId');
  });
});
