import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotices } from '../../../test/account-fixtures.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { queryRows } from '../../db/client.ts';
import { startWebMail } from '../../../test/web-mail-fixtures.ts';
import { clearOldEmailBodies, deleteOldEmailLog } from './email-log.queries.ts';
import { createMailer } from './mailer.ts';

const REJECTED = 'nobody@example.test';

describe('the e-mail log (SMTP_URL set)', () => {
  let smtp: SmtpPeer;
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ rejectRecipients: [REJECTED] });
    server = await startTestServer({
      config: { smtpUrl: smtp.url, publicUrl: 'https://sms.example.test', mailFrom: 'no-reply@example.test' },
    });
    await startNotices(server);
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('logs a sent password reset with the SMTP answer, and never its body', async () => {
    const account = await server.createUser('agent');
    expect((await server.post('/api/users/forgot-password', { email: account.user.email })).status).toBe(202);
    const entry = await waitFor(
      async () => {
        const list = await server.get(`/api/email-log?search=${encodeURIComponent(account.user.email)}&status=sent`, {
          token: admin.token,
        });
        return list.body.data[0];
      },
      15_000,
      'the logged reset e-mail',
    );
    expect(entry).toMatchObject({ kind: 'password_reset', recipient: account.user.email, status: 'sent', attempts: 1, error: null });
    expect(entry.smtpResponse).toBe('250 OK: queued');
    expect(entry.sentAt).not.toBeNull();
    const one = await server.get(`/api/email-log/${entry.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.entry.body).toBeNull();
    expect(one.body.entry.subject).toMatch(/Reset your/);
    // Nothing of the link is kept anywhere in the log.
    const [stored] = await queryRows<{ body: string | null }>(
      server.database.db,
      sql`select body from email_log where id = ${Number(entry.id)}`,
    );
    expect(stored?.body).toBeNull();
  });

  it('logs a failed e-mail with the refusal the server gave, counting tries of the same e-mail', async () => {
    const mailer = createMailer(smtp.url, 'no-reply@example.test', server.database.db);
    const mail = {
      to: REJECTED,
      subject: 'Re: your message',
      text: 'Thanks, we will call you.',
      kind: 'web_reply' as const,
      ref: 'web-message:abc',
    };
    await expect(mailer.send(mail)).rejects.toThrow();
    await expect(mailer.send(mail)).rejects.toThrow();
    mailer.close();
    const list = await server.get('/api/email-log?status=failed&kind=web_reply', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [entry] = list.body.data;
    expect(entry).toMatchObject({ recipient: REJECTED, status: 'failed', attempts: 2, webMessageId: 'abc' });
    expect(entry.smtpResponse).toMatch(/^550 5\.1\.1/);
    // A kind without secrets keeps its body.
    expect((await server.get(`/api/email-log/${entry.id}`, { token: admin.token })).body.entry.body).toBe('Thanks, we will call you.');
  });

  it('logs an answer to a web message with its text, naming the message it answers', async () => {
    await startWebMail(server, smtp.url, 'no-reply@example.test', 3600);
    expect(
      (await server.post('/api/public/contact', { name: 'Wendy', email: 'wendy@example.org', message: 'Open on Sunday?' })).status,
    ).toBe(202);
    const messages = (await server.get('/api/inbox/web-messages', { token: admin.token })).body.data as Array<{ id: string; name: string }>;
    const message = messages.find((row) => row.name === 'Wendy');
    expect(
      (await server.post(`/api/inbox/web-messages/${message?.id}/reply`, { body: 'Monday to Saturday.' }, { token: admin.token })).status,
    ).toBe(202);
    const entry = await waitFor(
      async () => (await server.get('/api/email-log?kind=web_reply&status=sent&search=wendy', { token: admin.token })).body.data[0],
      15_000,
      'the logged answer',
    );
    expect(entry).toMatchObject({ recipient: 'wendy@example.org', webMessageId: message?.id, attempts: 1, smtpResponse: '250 OK: queued' });
    expect((await server.get(`/api/email-log/${entry.id}`, { token: admin.token })).body.entry.body).toContain('Monday to Saturday.');
  });

  it('filters by kind, status and recipient, and pages', async () => {
    const all = await server.get('/api/email-log?limit=1', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const none = await server.get('/api/email-log?search=no-such-recipient', { token: admin.token });
    expect(none.body).toEqual({ data: [], total: 0 });
    const pending = await server.get('/api/email-log?status=pending&kind=invitation', { token: admin.token });
    expect(pending.body.total).toBe(0);
  });

  it('follows the retention settings: texts cleared with message texts, entries removed with audit entries', async () => {
    await server.database.db.execute(
      sql`insert into email_log (kind, recipient, subject, body, status, created_at)
          values ('web_reply', 'old@example.test', 'Old', 'Old text', 'sent', now() - interval '40 days'),
                 ('web_reply', 'older@example.test', 'Older', 'Older text', 'sent', now() - interval '100 days')`,
    );
    expect(await clearOldEmailBodies(server.database.db, 30, 100)).toBe(2);
    expect(await deleteOldEmailLog(server.database.db, 90, 100)).toBe(1);
    const left = await queryRows<{ recipient: string; body: string | null }>(
      server.database.db,
      sql`select recipient, body from email_log where recipient like 'old%@example.test'`,
    );
    expect(left).toEqual([{ recipient: 'old@example.test', body: null }]);
  });

  it('answers 401, 403, 400 and 404', async () => {
    expect((await server.get('/api/email-log')).status).toBe(401);
    expect((await server.get('/api/email-log/1')).status).toBe(401);
    const refused = await server.get('/api/email-log', { token: manager.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can read the e-mail log.');
    expect((await server.get('/api/email-log/1', { token: manager.token })).status).toBe(403);
    const badKind = await server.get('/api/email-log?kind=spam', { token: admin.token });
    expect(badKind.status).toBe(400);
    expect(badKind.body.field).toBe('kind');
    expect((await server.get('/api/email-log?status=lost', { token: admin.token })).body.field).toBe('status');
    expect((await server.get('/api/email-log/abc', { token: admin.token })).body.field).toBe('id');
    expect((await server.get('/api/email-log/999999', { token: admin.token })).status).toBe(404);
  });
});

describe('the e-mail log without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await startNotices(server);
  });
  afterAll(() => server?.close());

  it('notes an account e-mail kept in the outbox as failed: no_smtp, without its body', async () => {
    const admin = await server.createAdmin();
    const account = await server.createUser('viewer');
    await server.post('/api/users/forgot-password', { email: account.user.email });
    const entry = await waitFor(
      async () =>
        (await server.get(`/api/email-log?search=${encodeURIComponent(account.user.email)}`, { token: admin.token })).body.data[0],
      15_000,
      'the outbox e-mail in the log',
    );
    expect(entry).toMatchObject({ kind: 'password_reset', status: 'failed', attempts: 0, error: 'no_smtp', smtpResponse: null });
    expect((await server.get(`/api/email-log/${entry.id}`, { token: admin.token })).body.entry.body).toBeNull();
  });
});

describe('the e-mail log when the SMTP peer drops the connection mid-conversation', () => {
  let smtp: SmtpPeer;
  let server: TestServer;
  let admin: TestAccount;
  let serial = 0;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({ config: { smtpUrl: smtp.url, mailFrom: 'no-reply@example.test' } });
    admin = await server.createAdmin();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const logOf = (recipient: string) =>
    queryRows<{ status: string; attempts: number; error: string | null; smtp_response: string | null }>(
      server.database.db,
      sql`select status, attempts, error, smtp_response from email_log where recipient = ${recipient} order by id`,
    );
  const reply = (to: string) => ({
    to,
    subject: 'Re: your message',
    text: 'We open at nine.',
    kind: 'web_reply' as const,
    ref: `drop:${++serial}`,
  });

  for (const at of ['MAIL', 'RCPT', 'DATA', '.']) {
    it(`logs the failure when the connection closes at ${at}, then the retry once in the same entry with its outcome`, async () => {
      const mailer = createMailer(smtp.url, 'no-reply@example.test', server.database.db);
      const mail = reply(`drop-${at === '.' ? 'end' : at.toLowerCase()}@example.test`);
      smtp.dropAt(at);
      await expect(mailer.send(mail)).rejects.toThrow();
      const [failed] = await logOf(mail.to);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, smtp_response: null });
      expect(failed?.error).toMatch(/close|reset|socket|ECONN|unexpected/i);

      await mailer.send(mail);
      mailer.close();
      expect(await logOf(mail.to)).toEqual([{ status: 'sent', attempts: 2, error: null, smtp_response: '250 OK: queued' }]);
      expect(smtp.received.filter((item) => item.to.includes(mail.to))).toHaveLength(1);
      const list = await server.get(`/api/email-log?search=${encodeURIComponent(mail.to)}`, { token: admin.token });
      expect(list.body.total).toBe(1);
    });
  }

  it('a pooled transport whose open connection the peer closed logs each e-mail once', async () => {
    const mailer = createMailer(`${smtp.url}?pool=true`, 'no-reply@example.test', server.database.db);
    const first = reply('pooled-first@example.test');
    await mailer.send(first);
    // The pool keeps the connection open; the peer goes away under it, then answers again.
    smtp.dropAll();
    const second = reply('pooled-second@example.test');
    await mailer.send(second).catch(() => mailer.send(second));
    mailer.close();
    expect(await logOf(first.to)).toEqual([{ status: 'sent', attempts: 1, error: null, smtp_response: '250 OK: queued' }]);
    const [entry, ...more] = await logOf(second.to);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ status: 'sent', error: null, smtp_response: '250 OK: queued' });
  });
});
