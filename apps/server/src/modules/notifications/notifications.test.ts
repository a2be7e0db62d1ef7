import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { queryRows } from '../../db/client.ts';
import { startNotificationSweeper, type NotificationSweeper } from './notification-sweeper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let sweeper: NotificationSweeper;
let smtp: SmtpPeer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

const logger = { error: (details: object, message: string) => console.error(message, details) };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({
    config: { smtpUrl: smtp.url, publicUrl: 'https://sms.example.test', mailFrom: 'no-reply@example.test' },
  });
  // Swept by hand (sweepNow) so each test decides when; the timer is an hour.
  sweeper = startNotificationSweeper(undefined, { database: server.database, config: server.config, logger }, { intervalMs: 3_600_000 });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(async () => {
  await sweeper?.stop();
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  for (const account of [admin, manager, agent, viewer])
    await server.post('/api/notifications/read-all', undefined, { token: account.token });
});

const db = () => server.database.db;
const list = (account: TestAccount, query = '') => server.get<any>(`/api/notifications${query}`, { token: account.token });
const ofKind = async (account: TestAccount, kind: string) =>
  (await list(account, '?limit=100')).body.data.filter((n: any) => n.kind === kind);

async function finishedImport(status: 'completed' | 'failed', fileName = `people-${randomUUID().slice(0, 8)}.csv`): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into imports (status, file_name, file_size, format, created, rejected, error_message, started_at, finished_at)
        values (${status}, ${fileName}, 100, 'csv', 12, 1, ${status === 'failed' ? 'The file could not be read' : null}, now(), now()) returning id`,
  );
  return (row as { id: string }).id;
}

async function campaign(name: string, status = 'sending'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into campaigns (name, body, audience, status) values (${name}, 'Hello', '{"type":"all"}'::jsonb, ${status}) returning id`,
  );
  return (row as { id: string }).id;
}

/** `people` recipients of the campaign reply, `each` times each, processed and matched (a contact each). */
async function replies(campaignId: string, people: number, each = 1): Promise<void> {
  const gatewayId = randomUUID();
  for (let person = 0; person < people; person++) {
    const contactId = randomUUID();
    const [message] = await queryRows<{ id: number }>(
      db(),
      sql`insert into messages (kind, campaign_id, contact_id, phone, status)
          values ('campaign', ${campaignId}, ${contactId}, '+447700900001', 'delivered') returning id`,
    );
    for (let i = 0; i < each; i++) {
      await db()
        .execute(sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id, reply_to_message_id, processed_at)
          values (${gatewayId}, ${randomUUID()}, '+447700900001', '12345', 'Yes', now(), ${contactId}, ${(message as { id: number }).id}, now())`);
    }
  }
}

describe('notifications', () => {
  it('answers 401 without a session and 400 naming the field for a bad id or limit', async () => {
    expect((await server.get('/api/notifications')).status).toBe(401);
    expect((await server.get('/api/notifications/unread-count')).status).toBe(401);
    const badId = await server.post('/api/notifications/nope/read', undefined, { token: manager.token });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
    const badLimit = await list(manager, '?limit=0');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.field).toBe('limit');
  });

  it('tells the roles that may read imports when one finishes, once however often the sweep runs', async () => {
    const before = (await server.get<any>('/api/notifications/unread-count', { token: manager.token })).body.unread;
    const id = await finishedImport('completed', 'staff.csv');
    expect(await sweeper.sweepNow()).toBeGreaterThan(0);
    await sweeper.sweepNow();
    const mine = (await ofKind(manager, 'import_completed')).filter((n: any) => n.subjectId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ params: { fileName: 'staff.csv', created: 12, rejected: 1 }, count: 1, readAt: null });
    expect((await server.get<any>('/api/notifications/unread-count', { token: manager.token })).body.unread).toBe(before + 1);
    expect((await ofKind(admin, 'import_completed')).some((n: any) => n.subjectId === id)).toBe(true);
    // Agents and viewers may not read imports.
    expect(await ofKind(agent, 'import_completed')).toEqual([]);
    expect((await list(viewer)).body).toEqual({ data: [], unread: 0 });
  });

  it('reports a failed import, a completed campaign and a campaign that paused itself, not one paused by hand', async () => {
    const failed = await finishedImport('failed');
    const done = await campaign('Done campaign', 'completed');
    await db().execute(sql`update campaigns set completed_at = now() where id = ${done}`);
    const selfPaused = await campaign('Self paused');
    await db().execute(
      sql`update campaigns set status = 'paused', updated_at = now(), status_reason = '{"code":"AUTO_PAUSED_ERRORS","params":{"errors":10,"lastError":"boom"}}'::jsonb where id = ${selfPaused}`,
    );
    const handPaused = await campaign('Hand paused', 'paused');
    await sweeper.sweepNow();
    expect((await ofKind(manager, 'import_failed')).find((n: any) => n.subjectId === failed).params.error).toBe(
      'The file could not be read',
    );
    expect((await ofKind(agent, 'campaign_completed')).map((n: any) => n.subjectId)).toContain(done);
    const paused = await ofKind(agent, 'campaign_paused');
    expect(paused.map((n: any) => n.subjectId)).toEqual([selfPaused]);
    expect(paused[0].reason).toMatchObject({ code: 'AUTO_PAUSED_ERRORS', message: expect.stringContaining('10 errors') });
    expect(paused.map((n: any) => n.subjectId)).not.toContain(handPaused);
  });

  it('batches replies to a campaign in one notification that counts on, and starts again once read', async () => {
    const id = await campaign('Site safety check-in');
    await replies(id, 3);
    await sweeper.sweepNow();
    await replies(id, 9);
    await sweeper.sweepNow();
    let batch = (await ofKind(agent, 'replies')).filter((n: any) => n.subjectId === id);
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ count: 12, params: { name: 'Site safety check-in' }, readAt: null });
    expect((await server.post<any>(`/api/notifications/${batch[0].id}/read`, undefined, { token: agent.token })).status).toBe(200);
    await replies(id, 2);
    await sweeper.sweepNow();
    batch = (await ofKind(agent, 'replies')).filter((n: any) => n.subjectId === id);
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ count: 2, readAt: null });
    expect(await ofKind(viewer, 'replies')).toEqual([]);
  });

  it('counts people, not messages: a second reply from someone already counted adds nothing', async () => {
    const id = await campaign('Open day invite');
    await replies(id, 4, 3);
    await sweeper.sweepNow();
    let batch = (await ofKind(agent, 'replies')).filter((n: any) => n.subjectId === id);
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ count: 4, readAt: null });
    // The same four people again (their messages answered once more), and one new person.
    const [again] = await queryRows<{ n: number }>(
      db(),
      sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id, reply_to_message_id, processed_at)
          select gateway_id, gen_random_uuid()::text, from_phone, to_address, 'Again', now(), contact_id, reply_to_message_id, now()
          from (select distinct on (reply_to_message_id) * from inbound_messages i
                where reply_to_message_id in (select m.id from messages m where m.campaign_id = ${id})) prior
          returning 1 as n`,
    );
    expect(again).toBeDefined();
    await replies(id, 1);
    await sweeper.sweepNow();
    batch = (await ofKind(agent, 'replies')).filter((n: any) => n.subjectId === id);
    expect(batch[0]).toMatchObject({ count: 5 });
    const [replied] = await queryRows<{ n: number }>(
      db(),
      sql`select count(distinct reply_to_message_id)::int as n from inbound_messages
          where reply_to_message_id in (select m.id from messages m where m.campaign_id = ${id})`,
    );
    expect(batch[0].count).toBe(replied?.n);
  });

  it('reports a gateway none of whose links has been connected for a minute', async () => {
    const [gateway] = await queryRows<{ id: string }>(
      db(),
      sql`insert into gateways (name, kind) values ('Operator SMPP', 'smpp') returning id`,
    );
    const gatewayId = (gateway as { id: string }).id;
    await db().execute(
      sql`insert into gateway_links (gateway_id, worker, state, reason, since, seen_at) values (${gatewayId}, 'w1', 'retrying', 'bind refused', now() - interval '90 seconds', now())`,
    );
    const [fresh] = await queryRows<{ id: string }>(db(), sql`insert into gateways (name, kind) values ('Just lost', 'smpp') returning id`);
    await db().execute(
      sql`insert into gateway_links (gateway_id, worker, state, since, seen_at) values (${(fresh as { id: string }).id}, 'w1', 'retrying', now() - interval '10 seconds', now())`,
    );
    await sweeper.sweepNow();
    const down = await ofKind(manager, 'gateway_disconnected');
    expect(down.map((n: any) => n.subjectId)).toEqual([gatewayId]);
    expect(down[0].params).toMatchObject({ name: 'Operator SMPP', reason: 'bind refused' });
    expect(await ofKind(agent, 'gateway_disconnected')).toEqual([]);
  });

  it('marks one read (404 for somebody else’s) and all read', async () => {
    await finishedImport('completed');
    await finishedImport('completed');
    await sweeper.sweepNow();
    const mine = (await list(manager, '?unreadOnly=true')).body;
    expect(mine.unread).toBe(2);
    expect((await server.post(`/api/notifications/${mine.data[0].id}/read`, undefined, { token: admin.token })).status).toBe(404);
    expect((await server.post(`/api/notifications/${randomUUID()}/read`, undefined, { token: manager.token })).status).toBe(404);
    expect((await server.post<any>(`/api/notifications/${mine.data[0].id}/read`, undefined, { token: manager.token })).body).toEqual({
      unread: 1,
    });
    expect((await server.post<any>('/api/notifications/read-all', undefined, { token: manager.token })).body).toEqual({ unread: 0 });
    expect((await list(manager, '?unreadOnly=true')).body).toEqual({ data: [], unread: 0 });
  });

  it('marking one read loads it first (404 for unknown) and then checks its kind against the role (403 once demoted)', async () => {
    const demoted = await server.createUser('manager');
    await finishedImport('completed');
    await sweeper.sweepNow();
    const [imported] = await ofKind(demoted, 'import_completed');
    await db().execute(sql`update users set role = 'agent' where id = ${demoted.user.id}`);
    const refused = await server.post<any>(`/api/notifications/${imported.id}/read`, undefined, { token: demoted.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await server.post(`/api/notifications/${randomUUID()}/read`, undefined, { token: demoted.token })).status).toBe(404);
    const [row] = await queryRows<{ read_at: Date | null }>(db(), sql`select read_at from notifications where id = ${imported.id}`);
    expect(row?.read_at).toBeNull();
  });

  it('keeps per-user preferences: in the app and/or by e-mail, only for kinds the role receives', async () => {
    const defaults = await server.get<any>('/api/notifications/preferences', { token: agent.token });
    expect(defaults.body.emailAvailable).toBe(true);
    expect(defaults.body.kinds.map((k: any) => k.kind)).toEqual([
      'campaign_completed',
      'campaign_paused',
      'replies',
      'keyword_rule',
      'note_mention',
    ]);
    expect(defaults.body.kinds[0]).toEqual({ kind: 'campaign_completed', inApp: true, email: false });
    const refused = await server.put<any>(
      '/api/notifications/preferences',
      { kinds: { import_completed: { inApp: true, email: true } } },
      { token: agent.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('kinds.import_completed');
    const bad = await server.put<any>('/api/notifications/preferences', { kinds: { replies: { inApp: 'yes' } } }, { token: agent.token });
    expect(bad.status).toBe(400);

    const saved = await server.put<any>(
      '/api/notifications/preferences',
      { kinds: { import_completed: { inApp: false, email: true }, import_failed: { inApp: false, email: false } } },
      { token: manager.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.kinds.find((k: any) => k.kind === 'import_completed')).toEqual({
      kind: 'import_completed',
      inApp: false,
      email: true,
    });
    // The e-mail comes in the recipient's own language.
    expect((await server.put('/api/users/me/preferences', { locale: 'fr' }, { token: manager.token })).status).toBe(200);
    const completed = await finishedImport('completed', 'mailed.csv');
    const failed = await finishedImport('failed');
    const mailsBefore = smtp.received.length;
    await sweeper.sweepNow();
    // Not in the bell, but e-mailed (through the real SMTP peer), with a link to the import.
    expect((await ofKind(manager, 'import_completed')).some((n: any) => n.subjectId === completed)).toBe(false);
    expect((await ofKind(manager, 'import_failed')).some((n: any) => n.subjectId === failed)).toBe(false);
    const mails = smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(manager.user.email));
    expect(mails).toHaveLength(1);
    // The body is quoted-printable: soft line breaks and =3D undone.
    const body = (mails[0]?.data ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('Bonjour');
    expect(body).toContain('Import de mailed.csv');
    expect(body).toContain(`https://sms.example.test/contacts/upload?import=${completed}`);
    await server.put(
      '/api/notifications/preferences',
      { kinds: { import_completed: { inApp: true, email: false }, import_failed: { inApp: true, email: false } } },
      { token: manager.token },
    );
  });

  it('an e-mail whose SMTP connection the peer closed is sent on the next sweep, logged once with its outcome', async () => {
    await server.put(
      '/api/notifications/preferences',
      { kinds: { import_completed: { inApp: false, email: true } } },
      { token: manager.token },
    );
    const since = (await queryRows<{ now: string }>(db(), sql`select now()::text as now`))[0]?.now ?? '';
    await finishedImport('completed', 'dropped.csv');
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(manager.user.email) && mail.data.includes('dropped.csv'));
    // The peer reads the whole message, then closes the socket before it answers.
    smtp.dropAt('.');
    await sweeper.sweepNow();
    expect(mailsTo()).toHaveLength(0);
    // Its tries are one entry of the e-mail log, not one entry a try.
    const log = () =>
      queryRows<{ status: string; attempts: number; error: string | null }>(
        db(),
        sql`select status, attempts, error from email_log
             where kind = 'notification' and recipient = ${manager.user.email} and created_at >= ${since}::timestamptz order by id`,
      );
    expect(await log()).toEqual([{ status: 'failed', attempts: 1, error: 'Connection closed unexpectedly' }]);
    await sweeper.sweepNow();
    expect(mailsTo()).toHaveLength(1);
    expect(await log()).toEqual([{ status: 'sent', attempts: 2, error: null }]);
    await server.put(
      '/api/notifications/preferences',
      { kinds: { import_completed: { inApp: true, email: false } } },
      { token: manager.token },
    );
  });

  it('pushes the unread count over the live stream when a notification arrives', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${manager.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await until(/"unread":0/);
    await finishedImport('completed');
    await sweeper.sweepNow();
    await Promise.race([
      until(/"unread":1/),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no unread 1 in: ${text}`)), 10_000)),
    ]);
    controller.abort();
    expect((await fetch(`${server.baseUrl}/api/notifications/stream`)).status).toBe(401);
  });
});
