import { CHALLENGE_MAX_FAILURES, TWO_STEP_THROTTLE } from '@sms/contracts/two-step';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, enrolTwoStep, totpAt } from '../../../../test/account-fixtures.ts';
import { startTestServer, TEST_PASSWORD, type TestAccount, type TestServer } from '../../../../test/helper.ts';
import { queryRows } from '../../../db/client.ts';

let server: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server?.close());

/** Signs in with the password; answers the challenge of the second step (fails if a token came instead). */
async function challengeFor(
  account: TestAccount,
): Promise<{ challenge: string; methods: string[]; enrolmentRequired: boolean; expiresAt: string }> {
  const response = await server.post('/api/users/login', { email: account.user.email, password: account.password });
  expect(response.status).toBe(200);
  expect(response.body).not.toHaveProperty('token');
  expect(response.body.twoStepRequired).toBe(true);
  return response.body;
}

const verify = (challenge: string, method: string, code: string, headers: Record<string, string> = {}) =>
  server.post('/api/users/login/two-step', { challenge, method, code }, { headers });

/** Forgets which TOTP step an account used last (as if its last code were long ago). */
const forgetLastStep = (userId: string) => server.database.db.execute(sql`update user_totp set last_step = null where user_id = ${userId}`);

describe('enrolment on the account page', () => {
  it('sets up with a QR code, turns on with a code, and answers ten recovery codes once', async () => {
    const account = await server.createUser('agent');
    const setup = await server.post('/api/users/me/two-step/setup', undefined, { token: account.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/SMS%20Management%20System:${encodeURIComponent(account.user.email)}?secret=${setup.body.secret}&issuer=SMS%20Management%20System`,
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not on until confirmed.
    expect((await server.get('/api/users/me', { token: account.token })).body.user.twoStepEnabled).toBe(false);

    const wrong = await server.post(
      '/api/users/me/two-step/enable',
      { code: await totpAt(setup.body.secret, -300) },
      { token: account.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    const malformed = await server.post('/api/users/me/two-step/enable', { code: '12ab56' }, { token: account.token });
    expect(malformed.body).toMatchObject({ field: 'code', message: 'code must be 6 digits' });

    const enable = await server.post('/api/users/me/two-step/enable', { code: await totpAt(setup.body.secret) }, { token: account.token });
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    for (const code of enable.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await queryRows<{ code_hash: string }>(
      server.database.db,
      sql`select code_hash from recovery_codes where user_id = ${account.user.id}`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(enable.body.recoveryCodes[0]);

    const status = await server.get('/api/users/me/two-step', { token: account.token });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false, smsAvailable: false });
    expect((await server.post('/api/users/me/two-step/setup', undefined, { token: account.token })).status).toBe(409);
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_enabled');
  });

  it('needs a session', async () => {
    expect((await server.get('/api/users/me/two-step')).status).toBe(401);
    expect((await server.post('/api/users/me/two-step/setup')).status).toBe(401);
  });
});

describe('signing in with two-step verification', () => {
  let account: TestAccount;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    account = await server.createUser('manager');
    ({ secret, recoveryCodes } = await enrolTwoStep(server, account));
  });

  it('answers a short-lived challenge instead of a token, then { user, token } for the code', async () => {
    const challenge = await challengeFor(account);
    expect(challenge.methods).toEqual(['totp', 'recovery']);
    expect(challenge.enrolmentRequired).toBe(false);
    const lifetime = (new Date(challenge.expiresAt).getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(240);
    expect(lifetime).toBeLessThanOrEqual(300);
    // The enrolment used the current step: the next step's code (clock one step ahead) is accepted.
    const done = await verify(challenge.challenge, 'totp', await totpAt(secret, 30));
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: account.user.id, twoStepEnabled: true });
    expect((await server.get('/api/users/me', { token: done.body.token })).status).toBe(200);
    // The challenge is used up.
    expect((await verify(challenge.challenge, 'totp', await totpAt(secret))).body.code).toBe('CHALLENGE_INVALID');
  });

  it('refuses a code used before, and any earlier step', async () => {
    await forgetLastStep(account.user.id);
    const code = await totpAt(secret);
    expect((await verify((await challengeFor(account)).challenge, 'totp', code)).status).toBe(200);
    const reuse = await verify((await challengeFor(account)).challenge, 'totp', code);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'INVALID_CODE' });
    expect((await verify((await challengeFor(account)).challenge, 'totp', await totpAt(secret, -30))).status).toBe(401);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    await forgetLastStep(account.user.id);
    expect((await verify((await challengeFor(account)).challenge, 'totp', await totpAt(secret, -30))).status).toBe(200);
    await forgetLastStep(account.user.id);
    expect((await verify((await challengeFor(account)).challenge, 'totp', await totpAt(secret, -90))).status).toBe(401);
    await forgetLastStep(account.user.id);
    expect((await verify((await challengeFor(account)).challenge, 'totp', await totpAt(secret, 90))).status).toBe(401);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const code = recoveryCodes[0] ?? '';
    const typed = ` ${code.toUpperCase().replace('-', ' - ')} `;
    expect((await verify((await challengeFor(account)).challenge, 'recovery', typed)).status).toBe(200);
    expect((await verify((await challengeFor(account)).challenge, 'recovery', code)).status).toBe(401);
    const done = await verify((await challengeFor(account)).challenge, 'recovery', recoveryCodes[1] ?? '');
    expect(done.status).toBe(200);
    expect((await server.get('/api/users/me/two-step', { token: done.body.token })).body.recoveryCodesLeft).toBe(8);
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_recovery_code_used');
  });

  it('ends a challenge after 5 minutes (time moved through the row)', async () => {
    const challenge = await challengeFor(account);
    await server.database.db.execute(
      sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${account.user.id} and consumed_at is null`,
    );
    const late = await verify(challenge.challenge, 'totp', await totpAt(secret, 30));
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'CHALLENGE_INVALID', message: 'This sign-in has expired or was already used. Sign in again.' });
  });

  it(`uses a challenge up after ${CHALLENGE_MAX_FAILURES} wrong codes`, async () => {
    await forgetLastStep(account.user.id);
    const { challenge } = await challengeFor(account);
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i += 1) expect((await verify(challenge, 'totp', '000000')).body.code).toBe('INVALID_CODE');
    expect((await verify(challenge, 'totp', await totpAt(secret))).body.code).toBe('CHALLENGE_INVALID');
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_failed');
  });

  it('ends a challenge when the password changes meanwhile', async () => {
    const other = await server.createUser('viewer');
    const { secret: otherSecret } = await enrolTwoStep(server, other);
    const { challenge } = await challengeFor(other);
    expect((await server.put(`/api/users/${other.user.id}`, { password: 'Brand-New-Orchard-5' }, { token: admin.token })).status).toBe(200);
    expect((await verify(challenge, 'totp', await totpAt(otherSecret, 30))).body.code).toBe('CHALLENGE_INVALID');
  });

  it('throttles wrong codes per account across challenges (429)', async () => {
    const target = await server.createUser('viewer');
    await enrolTwoStep(server, target);
    let failures = 0;
    while (failures < TWO_STEP_THROTTLE.maxPerUser) {
      const { challenge } = await challengeFor(target);
      for (let i = 0; i < CHALLENGE_MAX_FAILURES && failures < TWO_STEP_THROTTLE.maxPerUser; i += 1, failures += 1) {
        expect((await verify(challenge, 'totp', '000000', { 'x-forwarded-for': '10.77.0.1' })).status).toBe(401);
      }
    }
    // From another address too: the limit is the account's.
    const throttled = await verify((await challengeFor(target)).challenge, 'totp', '000000', { 'x-forwarded-for': '10.77.0.2' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.retryAfter).toBeGreaterThan(0);
  });

  it('validates the body', async () => {
    const response = await server.post('/api/users/login/two-step', { challenge: 'x', method: 'carrier-pigeon', code: '1' });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('method');
    expect((await server.post('/api/users/login/two-step', { method: 'totp', code: '123456' })).body.field).toBe('challenge');
    expect((await verify('not-a-challenge', 'totp', '123456')).body.code).toBe('CHALLENGE_INVALID');
  });
});

describe('recovery codes, turning off, admin reset', () => {
  it('replaces recovery codes with the password only', async () => {
    const account = await server.createUser('agent');
    const { recoveryCodes } = await enrolTwoStep(server, account);
    const wrong = await server.post('/api/users/me/two-step/recovery-codes', { password: 'Not-The-Password-1' }, { token: account.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'password' });
    const fresh = await server.post('/api/users/me/two-step/recovery-codes', { password: TEST_PASSWORD }, { token: account.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await verify((await challengeFor(account)).challenge, 'recovery', recoveryCodes[0] ?? '')).status).toBe(401);
    expect((await verify((await challengeFor(account)).challenge, 'recovery', fresh.body.recoveryCodes[0])).status).toBe(200);
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_recovery_codes_replaced');
  });

  it('turns off with the password; signing in then needs the password only', async () => {
    const account = await server.createUser('agent');
    await enrolTwoStep(server, account);
    expect((await server.post('/api/users/me/two-step/disable', { password: 'Not-The-Password-1' }, { token: account.token })).status).toBe(
      400,
    );
    expect((await server.post('/api/users/me/two-step/disable', {}, { token: account.token })).body.field).toBe('password');
    expect((await server.post('/api/users/me/two-step/disable', { password: TEST_PASSWORD }, { token: account.token })).status).toBe(204);
    const login = await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.body.user.twoStepEnabled).toBe(false);
    expect(await queryRows(server.database.db, sql`select 1 from recovery_codes where user_id = ${account.user.id}`)).toEqual([]);
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_disabled');
    expect((await server.post('/api/users/me/two-step/disable', { password: TEST_PASSWORD }, { token: account.token })).status).toBe(409);
  });

  it("lets admins reset someone's enrolment; other roles get 403", async () => {
    const account = await server.createUser('viewer');
    await enrolTwoStep(server, account);
    const manager = await server.createUser('manager');
    expect((await server.delete(`/api/users/${account.user.id}/two-step`, { token: manager.token })).status).toBe(403);
    expect((await server.delete(`/api/users/${account.user.id}/two-step`, { token: account.token })).status).toBe(403);
    expect((await server.delete(`/api/users/${account.user.id}/two-step`)).status).toBe(401);
    expect((await server.delete(`/api/users/${account.user.id}/two-step`, { token: admin.token })).status).toBe(204);
    expect((await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD })).body.token).toEqual(
      expect.any(String),
    );
    expect(await auditActions(server, account.user.id)).toContain('user.two_step_reset');
    expect((await server.delete('/api/users/00000000-0000-4000-8000-00000000abcd/two-step', { token: admin.token })).status).toBe(404);
  });
});

describe('when an admin requires two-step verification', () => {
  const requirement = async (value: string) =>
    expect((await server.put('/api/settings/security', { twoStepRequirement: value }, { token: admin.token })).status).toBe(200);
  afterAll(() => requirement('none'));

  it('makes accounts without it enrol at sign-in before they get a token', async () => {
    await requirement('everyone');
    const account = await server.createUser('viewer');
    const challenge = await challengeFor(account);
    expect(challenge).toMatchObject({ enrolmentRequired: true, methods: [] });
    expect((await verify(challenge.challenge, 'totp', '123456')).body.code).toBe('TWO_STEP_NOT_SET_UP');
    const enableFirst = await server.post('/api/users/login/two-step/enable', { challenge: challenge.challenge, code: '123456' });
    expect(enableFirst.status).toBe(409);
    const setup = await server.post('/api/users/login/two-step/setup', { challenge: challenge.challenge });
    expect(setup.status).toBe(200);
    const wrong = await server.post('/api/users/login/two-step/enable', {
      challenge: challenge.challenge,
      code: await totpAt(setup.body.secret, -300),
    });
    expect(wrong.status).toBe(401);
    const done = await server.post('/api/users/login/two-step/enable', {
      challenge: challenge.challenge,
      code: await totpAt(setup.body.secret),
    });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.user.twoStepEnabled).toBe(true);
    expect((await server.get('/api/users/me', { token: done.body.token })).status).toBe(200);

    // From now on the normal second step, and it cannot be turned off.
    expect((await challengeFor(account)).enrolmentRequired).toBe(false);
    const disable = await server.post('/api/users/me/two-step/disable', { password: TEST_PASSWORD }, { token: done.body.token });
    expect(disable.status).toBe(409);
    expect(disable.body.code).toBe('TWO_STEP_REQUIRED');
    expect((await server.get('/api/users/me/two-step', { token: done.body.token })).body.required).toBe(true);
  });

  it('for admins only: other roles still sign in with the password', async () => {
    await requirement('admins');
    const viewer = await server.createUser('viewer');
    expect((await server.post('/api/users/login', { email: viewer.user.email, password: TEST_PASSWORD })).body.token).toEqual(
      expect.any(String),
    );
    const otherAdmin = await server.createAdmin();
    expect((await challengeFor(otherAdmin)).enrolmentRequired).toBe(true);
  });
});
