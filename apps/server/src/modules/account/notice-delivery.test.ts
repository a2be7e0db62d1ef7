import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTwoStep, startNotices } from '../../../test/account-fixtures.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, TEST_PASSWORD, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmppPeer, type SmppPeer } from '../../../test/smpp-peer.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { queryRows } from '../../db/client.ts';

const PUBLIC_URL = 'https://sms.example.test';

/** Undoes quoted-printable (soft line breaks, =XX bytes) so a long link can be read back whole. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('reset links by e-mail (SMTP_URL)', () => {
  let smtp: SmtpPeer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, mailFrom: 'SMS Platform <no-reply@example.test>' },
    });
    await startNotices(server);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('mails the link, built from PUBLIC_URL whatever Host the request carried, to the account address', async () => {
    const account = await server.createUser('agent');
    const sent = await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: { host: 'evil.example.com' } });
    expect(sent.status).toBe(202);
    const mail = await waitFor(async () => smtp.received.find((item) => item.to.includes(account.user.email)), 15_000, 'the e-mail');
    expect(mail.from).toBe('no-reply@example.test');
    const data = decodeQuotedPrintable(mail.data);
    expect(data).toMatch(/^Subject: Reset your SMS Management System password$/m);
    const token = new RegExp(`${PUBLIC_URL}/auth/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(data)?.[1];
    expect(token).toBeDefined();
    expect(data).not.toContain('evil.example.com');
    expect(await queryRows(server.database.db, sql`select 1 from mail_outbox`)).toEqual([]);
    const reset = await server.post('/api/users/reset-password', { token, password: 'Fresh-Meadow-77' });
    expect(reset.status).toBe(200);

    const admin = await server.createAdmin();
    expect((await server.get('/api/settings/security', { token: admin.token })).body.delivery).toBe('smtp');
  });
});

describe('notices by SMS through a real gateway', () => {
  let peer: SmppPeer;
  let server: TestServer;
  let admin: TestAccount;
  const phone = '+447700100555';

  beforeAll(async () => {
    peer = await startSmppPeer();
    server = await startTestServer({ engine: true, config: { publicUrl: PUBLIC_URL } });
    await startNotices(server);
    admin = await server.createAdmin();
    const gateway = await server.post(
      '/api/gateways',
      {
        name: 'SMSC',
        kind: 'smpp',
        config: { host: '127.0.0.1', port: peer.port, systemId: peer.credentials.systemId, reconnectMinSeconds: 1, reconnectMaxSeconds: 2 },
        secrets: { password: peer.credentials.password },
        isDefault: true,
      },
      { token: admin.token },
    );
    expect(gateway.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  /** An account with a phone number (set by the admin). */
  async function accountWithPhone(role: 'agent' | 'viewer'): Promise<TestAccount> {
    const account = await server.createUser(role);
    expect((await server.put(`/api/users/${account.user.id}`, { phone: '07700 100555' }, { token: admin.token })).status).toBe(200);
    await server.put('/api/settings/messaging', { defaultCountry: 'GB' }, { token: admin.token });
    return account;
  }

  const textTo = (destination: string, pattern: RegExp) =>
    waitFor(
      async () => peer.messages().find((message) => message.destination === destination && pattern.test(message.text))?.text,
      20_000,
      `an SMS to ${destination}`,
    );

  it('texts the reset link to the account phone; the message stays out of the messages API', async () => {
    const account = await accountWithPhone('agent');
    expect((await server.post('/api/users/forgot-password', { email: account.user.email })).status).toBe(202);
    const text = await textTo(phone, /reset-password/);
    const token = new RegExp(`${PUBLIC_URL}/auth/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    expect(token).toBeDefined();
    const [row] = await queryRows<{ id: number | string; kind: string }>(
      server.database.db,
      sql`select id, kind from messages where phone = ${phone} order by id desc limit 1`,
    );
    expect(row?.kind).toBe('notice');
    expect((await server.get(`/api/messages/${row?.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.post('/api/users/reset-password', { token, password: 'Fresh-Meadow-77' })).status).toBe(200);
    expect((await server.get('/api/settings/security', { token: admin.token })).body.delivery).toBe('sms');
  });

  it('offers sign-in codes by SMS to enrolled accounts with a phone, at most one every 30 seconds', async () => {
    const account = await accountWithPhone('viewer');
    await enrolTwoStep(server, account);
    const login = await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(login.body).toMatchObject({ twoStepRequired: true, methods: ['totp', 'recovery', 'sms'] });
    const sent = await server.post('/api/users/login/two-step/sms', { challenge: login.body.challenge });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sentTo: '+44 •••• ••55' });
    expect((await server.post('/api/users/login/two-step/sms', { challenge: login.body.challenge })).status).toBe(429);
    const text = await textTo(phone, /sign-in code/);
    const code = /^(\d{6}) /.exec(text)?.[1] ?? '';
    const wrong = await server.post('/api/users/login/two-step', {
      challenge: login.body.challenge,
      method: 'sms',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    const done = await server.post('/api/users/login/two-step', { challenge: login.body.challenge, method: 'sms', code });
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
  });
});
