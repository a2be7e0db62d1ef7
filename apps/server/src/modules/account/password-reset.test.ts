import { FORGOT_PASSWORD_ANSWER, RESET_THROTTLE } from '@sms/contracts/password-reset';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, lastOutboxId, outboxResetToken, startNotices } from '../../../test/account-fixtures.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
let logged: string[] | undefined;
/** Starts this server's notice worker once (describes that need it ask for it). */
const noticesLog = async () => (logged ??= await startNotices(server));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const NEW_PASSWORD = 'Fresh-Meadow-77';
let ipCounter = 0;
/** A fresh client address per test, so the per-IP throttle of one test does not reach another. */
const freshIp = () => ({ 'x-forwarded-for': `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const noticeJobs = async () =>
  queryRows<{ data: Record<string, unknown> }>(
    server.database.db,
    sql`select data from pgboss.job where name = 'account-notices' order by created_on, id`,
  );

describe('POST /api/users/forgot-password: no account enumeration', () => {
  it('answers the same and does the same work for a known and an unknown email', async () => {
    const { user } = await server.createUser('agent');
    const ghost = uniqueEmail('ghost');
    const headers = freshIp();
    const jobsBefore = (await noticeJobs()).length;
    const known = await server.post('/api/users/forgot-password', { email: user.email.toUpperCase() }, { headers });
    const unknown = await server.post('/api/users/forgot-password', { email: ghost }, { headers });
    for (const response of [known, unknown]) {
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    // The request path never looks the account up: one identical job each, the same counting and audit.
    const jobs = (await noticeJobs()).slice(jobsBefore);
    expect(jobs.map((job) => Object.keys(job.data).sort())).toEqual([
      ['email', 'requestedBy', 'type'],
      ['email', 'requestedBy', 'type'],
    ]);
    expect(jobs.map((job) => job.data.email)).toEqual([user.email, ghost]);
    const counted = await queryRows<{ subject: string; n: number }>(
      server.database.db,
      sql`select subject, count(*)::int as n from throttle_events where bucket = 'reset-email' and subject in (${user.email}, ${ghost}) group by subject order by subject`,
    );
    expect(counted.map((row) => row.n)).toEqual([1, 1]);
    const audited = await queryRows<{ email: string }>(
      server.database.db,
      sql`select details->>'email' as email from audit_log where action = 'user.password_reset_requested' and details->>'email' in (${user.email}, ${ghost}) order by id`,
    );
    expect(audited.map((row) => row.email)).toEqual([user.email, ghost]);
  });

  it('validates the body', async () => {
    const response = await server.post('/api/users/forgot-password', {}, { headers: freshIp() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'email', message: 'email is required' });
  });
});

describe('reset links', () => {
  beforeAll(async () => {
    await noticesLog();
  });

  it('sends a link to the outbox (and the log) for a known account only, and the link sets a new password once', async () => {
    const account = await server.createUser('manager');
    const ghost = uniqueEmail('nobody');
    const before = await lastOutboxId(server);
    await server.post('/api/users/forgot-password', { email: ghost }, { headers: freshIp() });
    await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: freshIp() });
    const { token, body } = await outboxResetToken(server, account.user.email, before);
    // No PUBLIC_URL and no public address on this server: the link is a path.
    expect(body).toContain(`\n/auth/reset-password?token=${token}\n`);
    expect(body).toContain('30 minutes');
    // The log line follows the outbox row (which another connection may see first).
    await waitFor(async () => (logged?.some((line) => line.includes(token)) ? true : undefined), 15_000, 'the reset link in the log');
    const [stored] = await queryRows<{ n: number; plain: number }>(
      server.database.db,
      sql`select count(*)::int as n, count(*) filter (where token_hash = ${token})::int as plain from password_reset_tokens where user_id = ${account.user.id}`,
    );
    expect(stored).toEqual({ n: 1, plain: 0 });
    const ghostRows = await queryRows(server.database.db, sql`select 1 from mail_outbox where recipient = ${ghost}`);
    expect(ghostRows).toEqual([]);

    const reset = await server.post('/api/users/reset-password', { token, password: NEW_PASSWORD }, { headers: freshIp() });
    expect(reset.status).toBe(200);
    // Every earlier session ends; the new password works, the old one does not.
    expect((await server.get('/api/users/me', { token: account.token })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server.post('/api/users/login', { email: account.user.email, password: NEW_PASSWORD })).status).toBe(200);

    const again = await server.post('/api/users/reset-password', { token, password: 'Another-Field-88' }, { headers: freshIp() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'RESET_LINK_INVALID', field: 'token' });
    expect(await auditActions(server, account.user.id)).toEqual(
      expect.arrayContaining(['user.password_reset_sent', 'user.password_reset']),
    );
  });

  it('refuses a link after 30 minutes', async () => {
    const account = await server.createUser('viewer');
    const before = await lastOutboxId(server);
    await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: freshIp() });
    const { token } = await outboxResetToken(server, account.user.email, before);
    const [row] = await queryRows<{ minutes: number }>(
      server.database.db,
      sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_reset_tokens where user_id = ${account.user.id}`,
    );
    expect(row?.minutes).toBe(30);
    await server.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${account.user.id}`,
    );
    const response = await server.post('/api/users/reset-password', { token, password: NEW_PASSWORD }, { headers: freshIp() });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('RESET_LINK_INVALID');
    expect((await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('keeps only the newest link of a user working', async () => {
    const account = await server.createUser('viewer');
    const first = await lastOutboxId(server);
    await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: freshIp() });
    const older = await outboxResetToken(server, account.user.email, first);
    await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: freshIp() });
    const newer = await outboxResetToken(server, account.user.email, older.id);
    expect(
      (await server.post('/api/users/reset-password', { token: older.token, password: NEW_PASSWORD }, { headers: freshIp() })).status,
    ).toBe(400);
    expect(
      (await server.post('/api/users/reset-password', { token: newer.token, password: NEW_PASSWORD }, { headers: freshIp() })).status,
    ).toBe(200);
  });

  it('applies the password rules, with the configured minimum length, and keeps the link for a retry', async () => {
    const admin = await server.createAdmin();
    const account = await server.createUser('agent');
    const before = await lastOutboxId(server);
    await server.post('/api/users/forgot-password', { email: account.user.email }, { headers: freshIp() });
    const { token } = await outboxResetToken(server, account.user.email, before);
    const common = await server.post('/api/users/reset-password', { token, password: 'password123' }, { headers: freshIp() });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ field: 'password', message: 'password is too common; choose one that is harder to guess' });
    expect((await server.put('/api/settings/security', { minPasswordLength: 16 }, { token: admin.token })).status).toBe(200);
    try {
      const short = await server.post('/api/users/reset-password', { token, password: NEW_PASSWORD }, { headers: freshIp() });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ field: 'password', message: 'password must be at least 16 characters' });
      const ok = await server.post('/api/users/reset-password', { token, password: 'A-Much-Longer-Meadow-77' }, { headers: freshIp() });
      expect(ok.status).toBe(200);
    } finally {
      await server.put('/api/settings/security', { minPasswordLength: 8 }, { token: admin.token });
    }
  });

  it('throttles requests per email and per IP (429 with the wait), whether or not the account exists', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < RESET_THROTTLE.maxPerEmail; i += 1) {
      expect((await server.post('/api/users/forgot-password', { email }, { headers: freshIp() })).status).toBe(202);
    }
    const perEmail = await server.post('/api/users/forgot-password', { email }, { headers: freshIp() });
    expect(perEmail.status).toBe(429);
    expect(perEmail.body.retryAfter).toBeGreaterThan(0);
    expect(perEmail.headers.get('retry-after')).not.toBeNull();

    const headers = freshIp();
    for (let i = 0; i < RESET_THROTTLE.maxPerIp; i += 1) {
      expect((await server.post('/api/users/forgot-password', { email: uniqueEmail('ip') }, { headers })).status).toBe(202);
    }
    expect((await server.post('/api/users/forgot-password', { email: uniqueEmail('ip') }, { headers })).status).toBe(429);
  });

  it('throttles an address that keeps trying invalid links', async () => {
    const headers = freshIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await server.post('/api/users/reset-password', { token: `made-up-${i}`, password: NEW_PASSWORD }, { headers })).status).toBe(
        400,
      );
    }
    expect((await server.post('/api/users/reset-password', { token: 'made-up', password: NEW_PASSWORD }, { headers })).status).toBe(429);
  });
});

describe('admins and the outbox', () => {
  it('lets admins send a reset link from a user page, audited; others get 403', async () => {
    const admin = await server.createAdmin();
    const manager = await server.createUser('manager');
    const target = await server.createUser('agent');
    const before = await lastOutboxId(server);
    const sent = await server.post(`/api/users/${target.user.id}/password-reset`, undefined, { token: admin.token });
    expect(sent.status).toBe(202);
    await outboxResetToken(server, target.user.email, before);
    // The job audits the sending once the link is delivered, just after the outbox row is written.
    const audited = await waitFor(
      async () => {
        const actions = await auditActions(server, target.user.id);
        return actions.includes('user.password_reset_sent') ? actions : undefined;
      },
      15_000,
      'the audit entry of the sent link',
    );
    expect(audited).toEqual(expect.arrayContaining(['user.password_reset_requested', 'user.password_reset_sent']));
    expect((await server.post(`/api/users/${target.user.id}/password-reset`, undefined, { token: manager.token })).status).toBe(403);
    expect((await server.post(`/api/users/${target.user.id}/password-reset`)).status).toBe(401);
    expect(
      (await server.post('/api/users/00000000-0000-4000-8000-00000000abcd/password-reset', undefined, { token: admin.token })).status,
    ).toBe(404);
    expect((await server.post('/api/users/not-an-id/password-reset', undefined, { token: admin.token })).status).toBe(400);
  });

  it('shows the outbox to admins only', async () => {
    const admin = await server.createAdmin();
    const manager = await server.createUser('manager');
    const list = await server.get('/api/mail-outbox?limit=5', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.data[0]).toEqual({
      id: expect.any(String),
      to: expect.any(String),
      subject: expect.any(String),
      body: expect.stringContaining('/auth/reset-password?token='),
      createdAt: expect.any(String),
    });
    expect((await server.get('/api/mail-outbox', { token: manager.token })).status).toBe(403);
    expect((await server.get('/api/mail-outbox')).status).toBe(401);
    expect((await server.get('/api/mail-outbox?limit=1000', { token: admin.token })).status).toBe(400);
  });
});

describe("where reset links point: never the request's Host", () => {
  beforeAll(async () => {
    await noticesLog();
  });
  const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const linkOf = (body: string) => /(\S*\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(body)?.[1];
  const setAddress = async (publicAddress: string | null) => {
    const admin = await server.createAdmin();
    const saved = await server.put('/api/settings/security', { publicAddress }, { token: admin.token });
    expect(saved.status).toBe(200);
    return { admin, saved };
  };

  it('without any address, a forged Host (self-service or admin-sent) yields a path-only link and the log says how to set the address', async () => {
    await setAddress(null);
    const { user } = await server.createUser('viewer');
    const admin = await server.createAdmin();
    let before = await lastOutboxId(server);
    expect((await server.post('/api/users/forgot-password', { email: user.email }, { headers: { ...freshIp(), ...evil } })).status).toBe(
      202,
    );
    let sent = await outboxResetToken(server, user.email, before);
    expect(linkOf(sent.body)).toBe(`/auth/reset-password?token=${sent.token}`);
    expect(sent.body).not.toContain('evil.example');
    await waitFor(
      async () =>
        logged?.includes(
          'The reset link has no address: set PUBLIC_URL, or the public address in Configurations -> Security, for whole links',
        )
          ? true
          : undefined,
      15_000,
      'the log line saying how to set the address',
    );
    expect(logged?.some((line) => line.includes('evil.example'))).toBe(false);

    before = await lastOutboxId(server);
    expect((await server.post(`/api/users/${user.id}/password-reset`, undefined, { token: admin.token, headers: evil })).status).toBe(202);
    sent = await outboxResetToken(server, user.email, before);
    expect(linkOf(sent.body)).toBe(`/auth/reset-password?token=${sent.token}`);
  });

  it('uses the public address an admin set (normalised), whatever the Host; managers may read it but not change it', async () => {
    const { saved } = await setAddress('https://SMS.example.org/app/');
    expect(saved.body).toMatchObject({ settings: { publicAddress: 'https://sms.example.org/app' }, publicUrl: null });
    const { user } = await server.createUser('viewer');
    const before = await lastOutboxId(server);
    await server.post('/api/users/forgot-password', { email: user.email }, { headers: { ...freshIp(), ...evil } });
    const sent = await outboxResetToken(server, user.email, before);
    expect(linkOf(sent.body)).toBe(`https://sms.example.org/app/auth/reset-password?token=${sent.token}`);

    const manager = await server.createUser('manager');
    const read = await server.get('/api/settings/security', { token: manager.token });
    expect(read.status).toBe(200);
    expect(read.body.settings.publicAddress).toBe('https://sms.example.org/app');
    expect((await server.put('/api/settings/security', { publicAddress: 'https://evil.example' }, { token: manager.token })).status).toBe(
      403,
    );
    const admin = await server.createAdmin();
    for (const bad of ['evil.example', 'ftp://x.test', 'https://user:pw@x.test', 'https://x.test/?a=1', 'https://x.test/#top']) {
      const refused = await server.put('/api/settings/security', { publicAddress: bad }, { token: admin.token });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.field, bad).toBe('publicAddress');
    }
    await setAddress(null);
  });

  it('prefers PUBLIC_URL over the address set in the app', async () => {
    const other = await startTestServer({ config: { publicUrl: 'https://public.example.net' } });
    try {
      await startNotices(other);
      const admin = await other.createAdmin();
      expect(
        (await other.put('/api/settings/security', { publicAddress: 'https://sms.example.org' }, { token: admin.token })).body.publicUrl,
      ).toBe('https://public.example.net');
      const { user } = await other.createUser('viewer');
      await other.post('/api/users/forgot-password', { email: user.email }, { headers: evil });
      const sent = await outboxResetToken(other, user.email);
      expect(linkOf(sent.body)).toBe(`https://public.example.net/auth/reset-password?token=${sent.token}`);
    } finally {
      await other.close();
    }
  });

  it("takes the address from the first admin's setup form, and only from it", async () => {
    const fresh = await startTestServer();
    try {
      const bad = await fresh.post('/api/users/register', {
        name: 'First',
        email: uniqueEmail('first'),
        password: TEST_PASSWORD,
        publicAddress: 'not a url',
      });
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'publicAddress' });
      const first = await fresh.post('/api/users/register', {
        name: 'First',
        email: uniqueEmail('first'),
        password: TEST_PASSWORD,
        publicAddress: 'http://192.168.1.20:3000',
      });
      expect(first.status).toBe(201);
      const token = (await fresh.post('/api/users/login', { email: first.body.user.email, password: TEST_PASSWORD })).body.token;
      expect((await fresh.get('/api/settings/security', { token })).body.settings.publicAddress).toBe('http://192.168.1.20:3000');
      const second = await fresh.post(
        '/api/users/register',
        { name: 'Second', email: uniqueEmail('second'), password: TEST_PASSWORD, publicAddress: 'https://evil.example' },
        { token },
      );
      expect(second.status).toBe(400);
      expect(second.body).toMatchObject({
        field: 'publicAddress',
        message: 'publicAddress is set by the first administrator only; change it in Configurations -> Security',
      });
      expect((await fresh.get('/api/settings/security', { token })).body.settings.publicAddress).toBe('http://192.168.1.20:3000');
    } finally {
      await fresh.close();
    }
  });
});
