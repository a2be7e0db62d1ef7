import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
let admin: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
let serial = 0;
const freshIp = () => `203.0.113.${++serial % 250}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

const inbox = async () => (await server.get('/api/inbox/web-messages', { token: agent.token })).body;

describe('the contact form and web messages', () => {
  it('arrives in the inbox as a web message', async () => {
    const sent = await server.post(
      '/api/public/contact',
      { name: 'Rosa', phone: '+447911000001', message: 'Is the school open tomorrow?' },
      from(freshIp()),
    );
    expect(sent.status).toBe(202);
    const list = await inbox();
    expect(list.data[0]).toMatchObject({
      name: 'Rosa',
      phone: '+447911000001',
      email: null,
      body: 'Is the school open tomorrow?',
      repliedAt: null,
    });
    expect(list.total).toBe(1);
  });

  it('answers 400 naming the field', async () => {
    const none = await server.post('/api/public/contact', { name: 'Rosa', message: 'Hi' }, from(freshIp()));
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('phone');
    const badEmail = await server.post('/api/public/contact', { name: 'Rosa', email: 'nope', message: 'Hi' }, from(freshIp()));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.field).toBe('email');
    const badPhone = await server.post('/api/public/contact', { name: 'Rosa', phone: 'call me', message: 'Hi' }, from(freshIp()));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.field).toBe('phone');
    const empty = await server.post('/api/public/contact', { name: 'Rosa', email: 'rosa@example.org', message: ' ' }, from(freshIp()));
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('message');
  });

  it('the honeypot and the per-address limit', async () => {
    const before = (await inbox()).total;
    const robot = await server.post(
      '/api/public/contact',
      { name: 'Bot', email: 'bot@example.org', message: 'Buy', website: 'x' },
      from(freshIp()),
    );
    expect(robot.status).toBe(202);
    expect((await inbox()).total).toBe(before);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect(
        (await server.post('/api/public/contact', { name: 'Ann', email: 'ann@example.org', message: `Hi ${i}` }, from(ip))).status,
      ).toBe(202);
    expect((await server.post('/api/public/contact', { name: 'Ann', email: 'ann@example.org', message: 'Again' }, from(ip))).status).toBe(
      429,
    );
  });

  it('is answered by SMS to the number given, audited', async () => {
    await server.post('/api/public/contact', { name: 'Sam', phone: '+447911000002', message: 'When is the fair?' }, from(freshIp()));
    const message = (await inbox()).data.find((row: { name: string }) => row.name === 'Sam');
    const answered = await server.post(`/api/inbox/web-messages/${message.id}/reply`, { body: 'Saturday at 10.' }, { token: agent.token });
    expect(answered.status).toBe(202);
    const queued = await queryRows<{ body: string }>(server.database.db, sql`select body from messages where phone = '+447911000002'`);
    expect(queued.map((row) => row.body)).toEqual(['Saturday at 10.']);
    const after = (await inbox()).data.find((row: { id: string }) => row.id === message.id);
    expect(after).toMatchObject({ replyBody: 'Saturday at 10.', replyChannel: 'sms', replyStatus: 'sent' });
    expect(after.repliedAt).toBeTruthy();
    const log = await server.get('/api/audit-log?action=web_message.reply', { token: admin.token });
    expect(log.body.total).toBeGreaterThan(0);
  });

  it('refuses: 401, 403 for viewers, 404, 422 by SMS without a phone, 409 for an opted-out number, 400', async () => {
    expect((await server.get('/api/inbox/web-messages')).status).toBe(401);
    expect((await server.get('/api/inbox/web-messages', { token: viewer.token })).status).toBe(403);
    const missing = await server.post(
      '/api/inbox/web-messages/00000000-0000-4000-8000-000000000009/reply',
      { body: 'Hi' },
      { token: agent.token },
    );
    expect(missing.status).toBe(404);
    const emailOnly = (await inbox()).data.find((row: { phone: string | null }) => row.phone === null);
    const bySms = await server.post(
      `/api/inbox/web-messages/${emailOnly.id}/reply`,
      { body: 'Hi', channel: 'sms' },
      { token: agent.token },
    );
    expect(bySms.status).toBe(422);
    expect(bySms.body.code).toBe('NO_PHONE');
    await server.post('/api/contacts', { phone: '+447911000003', status: 'opted_out' }, { token: admin.token });
    await server.post('/api/public/contact', { name: 'Olga', phone: '+447911000003', message: 'Hello' }, from(freshIp()));
    const olga = (await inbox()).data.find((row: { name: string }) => row.name === 'Olga');
    expect((await server.post(`/api/inbox/web-messages/${olga.id}/reply`, { body: 'Hi' }, { token: agent.token })).status).toBe(409);
    const blank = await server.post(`/api/inbox/web-messages/${olga.id}/reply`, { body: '' }, { token: agent.token });
    expect(blank.status).toBe(400);
    expect(blank.body.field).toBe('body');
    expect((await server.post(`/api/inbox/web-messages/${olga.id}/reply`, { body: 'Hi' }, { token: viewer.token })).status).toBe(403);
  });

  it('a reply to an unknown web message is 404 before the role is checked (load, then authorize)', async () => {
    const unknown = '/api/inbox/web-messages/00000000-0000-4000-8000-00000000000a/reply';
    const refused = await server.post(unknown, { body: 'Hi' }, { token: viewer.token });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Web message not found');
  });

  it('switched off, the contact form answers 404', async () => {
    await server.put('/api/settings/public-site', { enabled: false }, { token: admin.token });
    try {
      const sent = await server.post('/api/public/contact', { name: 'Rosa', email: 'rosa@example.org', message: 'Hi' }, from(freshIp()));
      expect(sent.status).toBe(404);
    } finally {
      await server.put('/api/settings/public-site', { enabled: true }, { token: admin.token });
    }
  });
});
