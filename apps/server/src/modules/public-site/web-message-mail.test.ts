import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { pythonSmtpdAvailable, startPythonSmtpPeer } from '../../../test/python-smtp-peer.ts';
import type { SmtpRecorder } from '../../../test/smtp-peer.ts';
import { queryRows } from '../../db/client.ts';
import { startWebMail } from '../../../test/web-mail-fixtures.ts';

// Against Python's standard-library SMTP server (an implementation we did not write). Python
// 3.12 dropped smtpd: there this suite cannot run, and says so.
const python = pythonSmtpdAvailable();
const DIGEST_SECONDS = 4;

let smtp: SmtpRecorder;
let server: TestServer;
let admin: TestAccount;
let secondAdmin: TestAccount;
let agent: TestAccount;
let serial = 0;
const from = () => ({ headers: { 'x-forwarded-for': `198.51.100.${++serial}` } });

interface WebMessageView {
  id: string;
  name: string;
  replyBody: string | null;
  replyChannel: string | null;
  replyStatus: string | null;
}
const inbox = async (): Promise<WebMessageView[]> => (await server.get('/api/inbox/web-messages', { token: agent.token })).body.data;
const find = async (name: string) => (await inbox()).find((row) => row.name === name);
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const subjectOf = (data: string) => /^Subject: (.*)$/m.exec(data)?.[1];

describe.skipIf(!python)('contact-form e-mail (Python smtpd as the SMTP server)', () => {
  beforeAll(async () => {
    smtp = await startPythonSmtpPeer();
    server = await startTestServer({ config: { smtpUrl: smtp.url, mailFrom: 'Example School <web@example.test>' } });
    admin = await server.createAdmin();
    secondAdmin = await server.createAdmin();
    agent = await server.createUser('agent');
    await startWebMail(server, smtp.url, 'Example School <web@example.test>', DIGEST_SECONDS);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('answers a message that gave an e-mail address by e-mail, from a job, and shows the answer in the thread', async () => {
    const sent = await server.post(
      '/api/public/contact',
      { name: 'Ines', email: 'ines@example.org', message: 'Do you open on Sundays?' },
      from(),
    );
    expect(sent.status).toBe(202);
    const message = await find('Ines');
    const answered = await server.post(
      `/api/inbox/web-messages/${message?.id}/reply`,
      { body: 'No, Monday to Saturday.' },
      { token: agent.token },
    );
    expect(answered.status).toBe(202);
    const mail = await waitFor(async () => mailsTo('ines@example.org')[0], 20_000, 'the answer e-mail');
    expect(mail.from).toBe('web@example.test');
    expect(subjectOf(mail.data)).toBe('Re: your message to SMS Management System');
    expect(mail.data).toContain('No, Monday to Saturday.');
    expect(mail.data).toContain('> Do you open on Sundays?');
    const after = await waitFor(async () => ((await find('Ines'))?.replyStatus === 'sent' ? find('Ines') : undefined), 10_000, 'sent');
    expect(after).toMatchObject({ replyBody: 'No, Monday to Saturday.', replyChannel: 'email', replyStatus: 'sent' });
  });

  it('answers by e-mail on request when both were given; 422 for a channel the message gave no address for', async () => {
    await server.post('/api/public/contact', { name: 'Both', phone: '+447911000042', email: 'both@example.org', message: 'Hello' }, from());
    await server.post('/api/public/contact', { name: 'PhoneOnly', phone: '+447911000043', message: 'Hello' }, from());
    const both = await find('Both');
    const byMail = await server.post(
      `/api/inbox/web-messages/${both?.id}/reply`,
      { body: 'Hi by mail', channel: 'email' },
      { token: agent.token },
    );
    expect(byMail.status).toBe(202);
    await waitFor(async () => mailsTo('both@example.org')[0], 20_000, 'the e-mail to both@');
    const phoneOnly = await find('PhoneOnly');
    const refused = await server.post(
      `/api/inbox/web-messages/${phoneOnly?.id}/reply`,
      { body: 'Hi', channel: 'email' },
      { token: agent.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('NO_EMAIL');
    const badChannel = await server.post(
      `/api/inbox/web-messages/${phoneOnly?.id}/reply`,
      { body: 'Hi', channel: 'fax' },
      { token: agent.token },
    );
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.field).toBe('channel');
  });

  it('tells every admin of new messages, at most one e-mail per window however many arrive', async () => {
    // Earlier tests' messages go out in digests of their own: wait until every one is told and the last window has passed.
    const last = await waitFor(
      async () => {
        const [row] = await queryRows<{ waiting: number; last: string | Date | null }>(
          server.database.db,
          sql`select count(*) filter (where admins_notified_at is null)::int as waiting, max(admins_notified_at) as last from web_messages`,
        );
        return row && row.waiting === 0 && row.last ? new Date(row.last) : undefined;
      },
      30_000,
      'the earlier digests',
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, last.getTime() + DIGEST_SECONDS * 1000 + 300 - Date.now())));
    const before = mailsTo(admin.user.email).length;
    await server.post('/api/public/contact', { name: 'Flood 1', email: 'f1@example.org', message: 'First of many' }, from());
    const first = await waitFor(async () => mailsTo(admin.user.email)[before], 20_000, 'the digest of Flood 1');
    expect(subjectOf(first.data)).toBe('New contact-form message on SMS Management System');
    expect(first.data).toContain('First of many');
    for (let i = 2; i <= 4; i++)
      await server.post('/api/public/contact', { name: `Flood ${i}`, email: `f${i}@example.org`, message: `Message ${i}` }, from());
    // Inside the window: nothing more yet.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(admin.user.email)).toHaveLength(before + 1);
    const second = await waitFor(async () => mailsTo(admin.user.email)[before + 1], 20_000, 'the next digest');
    expect(subjectOf(second.data)).toBe('3 new contact-form messages on SMS Management System');
    for (const text of ['Message 2', 'Message 3', 'Message 4']) expect(second.data).toContain(text);
    expect(second.data).not.toContain('First of many');
    // The other admin got the same two; the agent none.
    await waitFor(
      async () => mailsTo(secondAdmin.user.email).find((mail) => subjectOf(mail.data) === subjectOf(second.data)),
      10_000,
      "the other admin's digest",
    );
    expect(mailsTo(agent.user.email)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(admin.user.email)).toHaveLength(before + 2);
  });
});

describe('without SMTP', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it('refuses an e-mail answer with 409 saying how to configure SMTP, and keeps the message unanswered', async () => {
    const staff = await plain.createUser('agent');
    await plain.post('/api/public/contact', { name: 'Nomail', email: 'nomail@example.org', message: 'Hi' }, from());
    const [message] = (await plain.get('/api/inbox/web-messages', { token: staff.token })).body.data as WebMessageView[];
    const refused = await plain.post(`/api/inbox/web-messages/${message?.id}/reply`, { body: 'Hello' }, { token: staff.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SMTP_NOT_CONFIGURED');
    expect(refused.body.message).toContain('SMTP_URL');
    const [after] = (await plain.get('/api/inbox/web-messages', { token: staff.token })).body.data as WebMessageView[];
    expect(after).toMatchObject({ replyBody: null, replyChannel: null, replyStatus: null });
  });
});
