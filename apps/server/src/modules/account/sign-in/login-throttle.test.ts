import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTwoStep, outboxResetToken, startNotices } from '../../../../test/account-fixtures.ts';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../../test/helper.ts';
import { loginAttempts } from '../../../db/schema.ts';
import { LOGIN_THROTTLE, slowDownSeconds } from './login-throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await startNotices(server);
});
afterAll(() => server?.close());

let ipCounter = 0;
/** A distinct client address per use (the test server trusts X-Forwarded-For). */
const newIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const wrong = 'Wrong-Password-99';
const signIn = (email: string, password: string, ip: string) => server.post('/api/users/login', { email, password }, fromIp(ip));

/** Moves recorded failures (of an email, or of one address for it) `seconds` into the past, instead of waiting. */
const ageFailures = (email: string, seconds: number, ip?: string) =>
  server.database.db
    .update(loginAttempts)
    .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${seconds})` })
    .where(ip ? and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)) : eq(loginAttempts.email, email));

/** `count` wrong passwords for `email` from `ip`, each after the wait the slowing asks for (aged, not waited). */
async function failFrom(email: string, ip: string, count: number) {
  for (let failures = 0; failures < count; failures++) {
    await ageFailures(email, slowDownSeconds(failures), ip);
    expect((await signIn(email, wrong, ip)).status).toBe(401);
  }
}

/** Failures for `email` from many addresses, as a distributed guesser would leave them (written directly). */
const failuresFromEverywhere = (email: string, count: number) =>
  server.database.db.insert(loginAttempts).values(Array.from({ length: count }, (_, index) => ({ email, ip: `203.0.113.${index % 250}` })));

describe('nobody locks out another', () => {
  it('refuses only the failing address: the right password from another address still signs in', async () => {
    const { user } = await server.createUser('admin');
    const attacker = newIp();
    await failFrom(user.email, attacker, LOGIN_THROTTLE.maxPerAccountAndIp);
    expect((await signIn(user.email, TEST_PASSWORD, attacker)).status).toBe(429);
    const owner = await signIn(user.email, TEST_PASSWORD, newIp());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // The owner's success does not reset the attacker's count.
    expect((await signIn(user.email, wrong, attacker)).status).toBe(429);
  });

  it('slows an address failing for an account (2 s after the third failure, doubling), then refuses it for 15 minutes', async () => {
    const { user } = await server.createUser('viewer');
    const ip = newIp();
    await failFrom(user.email, ip, LOGIN_THROTTLE.freePerAccountAndIp);
    const slowed = await signIn(user.email, TEST_PASSWORD, ip);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many sign-in attempts\. Try again in [12] seconds?\.$/),
    });
    expect(slowed.body.retryAfter).toBeLessThanOrEqual(2);
    expect(slowed.headers.get('retry-after')).toBe(String(slowed.body.retryAfter));
    await ageFailures(user.email, 2, ip);
    expect((await signIn(user.email, wrong, ip)).status).toBe(401);
    expect((await signIn(user.email, wrong, ip)).body.retryAfter).toBeGreaterThan(2);

    const more = LOGIN_THROTTLE.maxPerAccountAndIp - LOGIN_THROTTLE.freePerAccountAndIp - 1;
    for (let index = 0; index < more; index++) {
      await ageFailures(user.email, slowDownSeconds(LOGIN_THROTTLE.freePerAccountAndIp + 1 + index), ip);
      expect((await signIn(user.email, wrong, ip)).status).toBe(401);
    }
    const refused = await signIn(user.email, TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    expect(refused.body.retryAfter).toBeGreaterThan(5 * 60);
    await ageFailures(user.email, LOGIN_THROTTLE.windowSeconds, ip);
    expect((await signIn(user.email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('forgets an address’s failures once it signs in from there', async () => {
    const { user } = await server.createUser('viewer');
    const ip = newIp();
    await failFrom(user.email, ip, 2);
    expect((await signIn(user.email, TEST_PASSWORD, ip)).status).toBe(200);
    await failFrom(user.email, ip, 2);
    expect((await signIn(user.email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('keeps the per-address limit: 20 failures across accounts refuse that address, others unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerIp; i++) expect((await signIn(uniqueEmail('spray'), wrong, ip)).status).toBe(401);
    const { user } = await server.createUser('viewer');
    const blocked = await signIn(user.email, TEST_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).status).toBe(200);
  });
});

describe('an account failing from everywhere', () => {
  it('is refused for everyone past 100 failures an hour, with one answer whatever the password and whether it exists', async () => {
    const { user } = await server.createUser('manager');
    const ghost = uniqueEmail('ghost');
    await failuresFromEverywhere(user.email, LOGIN_THROTTLE.maxPerAccount);
    await failuresFromEverywhere(ghost, LOGIN_THROTTLE.maxPerAccount);
    const answers = [
      await signIn(user.email, TEST_PASSWORD, newIp()),
      await signIn(user.email, wrong, newIp()),
      await signIn(ghost, wrong, newIp()),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('ACCOUNT_LOCKED');
      expect(answer.body.message).toMatch(
        /^Too many failed sign-ins for this account\. Try again in 60 minutes\. You can also reset your password\.$/,
      );
    }
    expect(new Set(answers.map((answer) => answer.body.message)).size).toBe(1);
    // 99 failures in the hour: the password alone signs in again.
    await ageFailures(user.email, LOGIN_THROTTLE.accountWindowSeconds - 60);
    await server.database.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, user.email), sql`${loginAttempts.attemptedAt} < now() - interval '30 minutes'`));
    await failuresFromEverywhere(user.email, LOGIN_THROTTLE.maxPerAccount - 1);
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).status).toBe(200);
  });

  it('still lets the owner in with the right password and a valid second step', async () => {
    const account = await server.createUser('admin');
    const { recoveryCodes } = await enrolTwoStep(server, account);
    await failuresFromEverywhere(account.user.email, LOGIN_THROTTLE.maxPerAccount + 20);
    const ip = newIp();
    const password = await signIn(account.user.email, TEST_PASSWORD, ip);
    expect(password.status).toBe(200);
    expect(password.body).toMatchObject({ twoStepRequired: true, enrolmentRequired: false });
    const verified = await server.post(
      '/api/users/login/two-step',
      { challenge: password.body.challenge, method: 'recovery', code: recoveryCodes[0] },
      fromIp(ip),
    );
    expect(verified.status).toBe(200);
    expect(verified.body.token).toEqual(expect.any(String));
  });

  it('still lets the owner in through a password-reset link', async () => {
    const { user } = await server.createUser('viewer');
    await failuresFromEverywhere(user.email, LOGIN_THROTTLE.maxPerAccount);
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).status).toBe(429);
    expect((await server.post('/api/users/forgot-password', { email: user.email }, fromIp(newIp()))).status).toBe(202);
    const { token } = await outboxResetToken(server, user.email);
    expect((await server.post('/api/users/reset-password', { token, password: 'Brand-New-Secret-77' }, fromIp(newIp()))).status).toBe(200);
    expect((await signIn(user.email, 'Brand-New-Secret-77', newIp())).status).toBe(200);
  });
});
