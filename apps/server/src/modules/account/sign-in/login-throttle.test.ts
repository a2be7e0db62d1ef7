import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTwoStep, outboxResetToken, startNotices } from '../../../../test/account-fixtures.ts';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestResponse, type TestServer } from '../../../../test/helper.ts';
import { loginAttempts, throttleEvents } from '../../../db/schema.ts';
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
/** A sign-in from `ip`, with a device cookie when given. */
const signIn = (email: string, password: string, ip: string, device?: string) =>
  server.post(
    '/api/users/login',
    { email, password },
    { headers: { 'x-forwarded-for': ip, ...(device ? { cookie: `sms_device=${device}` } : {}) } },
  );

/** The device cookie's value a sign-in answer sets, if any. */
const deviceCookieOf = (response: TestResponse): string | undefined =>
  /^sms_device=([^;]+);/.exec(response.headers.getSetCookie()[0] ?? '')?.[1];

/** The device cookie's value a sign-in answer sets (it must set one). */
function deviceCookie(response: TestResponse): string {
  const value = deviceCookieOf(response);
  expect(value, 'the answer sets the device cookie').toEqual(expect.any(String));
  return value as string;
}

/** Moves every known device's recorded failures `seconds` into the past. */
const ageDeviceFailures = (seconds: number) =>
  server.database.db
    .update(throttleEvents)
    .set({ at: sql`${throttleEvents.at} - make_interval(secs => ${seconds})` })
    .where(eq(throttleEvents.bucket, 'sign-in-device'));

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
  it('makes tries without a device cookie wait, longer with each failure and never past 5 minutes, with one answer whatever the password and whether it exists', async () => {
    const { user } = await server.createUser('manager');
    const ghost = uniqueEmail('ghost');
    await failuresFromEverywhere(user.email, LOGIN_THROTTLE.freePerAccount);
    await failuresFromEverywhere(ghost, LOGIN_THROTTLE.freePerAccount);
    const answers = [
      await signIn(user.email, TEST_PASSWORD, newIp()),
      await signIn(user.email, wrong, newIp()),
      await signIn(ghost, wrong, newIp()),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('ACCOUNT_LOCKED');
      expect(answer.body.message).toBe(
        'Too many failed sign-ins for this account. Try again in 1 second. You can also reset your password.',
      );
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    // Each failure let through doubles the wait for the next try.
    for (const expected of [2, 4, 8]) {
      await ageFailures(user.email, expected / 2);
      expect((await signIn(user.email, wrong, newIp())).status).toBe(401);
      const waiting = await signIn(user.email, TEST_PASSWORD, newIp());
      expect(waiting.status).toBe(429);
      expect(waiting.body.retryAfter).toBe(expected);
    }
    // However many failures, the wait stops at 5 minutes: nobody is locked out for an hour.
    await failuresFromEverywhere(user.email, 500);
    const longest = await signIn(user.email, TEST_PASSWORD, newIp());
    expect(longest.body).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfter: LOGIN_THROTTLE.maxAccountDelaySeconds });
    expect(longest.body.message).toMatch(/Try again in 5 minutes\./);
    await ageFailures(user.email, LOGIN_THROTTLE.maxAccountDelaySeconds);
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).status).toBe(200);
  });

  it('still lets the owner in through a password-reset link', async () => {
    const { user } = await server.createUser('viewer');
    await failuresFromEverywhere(user.email, 100);
    expect((await signIn(user.email, TEST_PASSWORD, newIp())).status).toBe(429);
    expect((await server.post('/api/users/forgot-password', { email: user.email }, fromIp(newIp()))).status).toBe(202);
    const { token } = await outboxResetToken(server, user.email);
    expect((await server.post('/api/users/reset-password', { token, password: 'Brand-New-Secret-77' }, fromIp(newIp()))).status).toBe(200);
    expect((await signIn(user.email, 'Brand-New-Secret-77', newIp())).status).toBe(200);
  });
});

describe('a device that signed in before (device cookie)', () => {
  it('issue 34 L2: 105 wrong passwords from 35 addresses do not keep it out; the attackers wait longer and longer', async () => {
    const { user } = await server.createUser('admin');
    const home = newIp();
    const first = await signIn(user.email, TEST_PASSWORD, home);
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);

    // 35 addresses, 3 wrong passwords each (under every per-address limit), taking turns.
    const attackers = Array.from({ length: 35 }, newIp);
    const answers = [];
    for (let round = 0; round < 3; round++) for (const ip of attackers) answers.push(await signIn(user.email, wrong, ip));

    // The owner's device signs in with the right password, from home and from any address it moves to.
    const back = await signIn(user.email, TEST_PASSWORD, home, cookie);
    expect(back.status).toBe(200);
    expect(back.body.token).toEqual(expect.any(String));
    expect(deviceCookieOf(back)).toBe(cookie);
    expect((await signIn(user.email, TEST_PASSWORD, newIp(), cookie)).status).toBe(200);
    // Its own typo answers 401, not 429: it is judged on its own failures.
    expect((await signIn(user.email, wrong, home, cookie)).status).toBe(401);

    // The attackers: twenty free failures, then one guess per wait (1 s, 2 s, 4 s...), a handful in the seconds this takes.
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
    const guesses = answers.filter((answer) => answer.status === 401).length;
    expect(guesses).toBeGreaterThanOrEqual(LOGIN_THROTTLE.freePerAccount);
    expect(guesses).toBeLessThan(LOGIN_THROTTLE.freePerAccount + 6);
    for (const answer of answers.filter((one) => one.status === 429)) {
      expect(answer.body.code).toBe('ACCOUNT_LOCKED');
      expect(answer.body.retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAccountDelaySeconds);
      expect(answer.headers.get('retry-after')).toBe(String(answer.body.retryAfter));
    }
    // The right password without the cookie waits like them (no answer tells them apart)... The
    // owner's sign-ins took time: on a loaded host the attackers' current wait may have run out
    // meanwhile, so a fresh guess comes first (let through, it starts a longer wait).
    let guess = await signIn(user.email, wrong, newIp());
    for (let tries = 0; guess.status === 401 && tries < 3; tries++) guess = await signIn(user.email, wrong, newIp());
    expect(guess.status).toBe(429);
    const stranger = await signIn(user.email, TEST_PASSWORD, newIp());
    expect(stranger.status).toBe(429);
    // ...and each guess let through makes the next wait longer.
    let wait = Number(stranger.body.retryAfter);
    for (let step = 0; step < 2; step++) {
      await ageFailures(user.email, wait);
      expect((await signIn(user.email, wrong, newIp())).status).toBe(401);
      const next = await signIn(user.email, wrong, newIp());
      expect(next.status).toBe(429);
      expect(next.body.retryAfter).toBeGreaterThan(wait);
      wait = next.body.retryAfter;
    }
  });

  it('is set HttpOnly, SameSite=Strict, for the sign-in routes only, Secure over https, with no personal data', async () => {
    const { user } = await server.createUser('viewer');
    const plain = await signIn(user.email, TEST_PASSWORD, newIp());
    const [header] = plain.headers.getSetCookie();
    expect(header).toMatch(/^sms_device=[^;]+; Path=\/api\/users\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(header).not.toContain(user.email);
    const https = await server.post(
      '/api/users/login',
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-for': newIp(), 'x-forwarded-proto': 'https' } },
    );
    expect(https.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    // Failures and challenges set nothing.
    expect((await signIn(user.email, wrong, newIp())).headers.getSetCookie()).toEqual([]);
  });

  it('counts a device’s own failures against it alone: slowed after 3, refused after 10, forgotten when it signs in', async () => {
    const { user } = await server.createUser('agent');
    const ip = newIp();
    const cookie = deviceCookie(await signIn(user.email, TEST_PASSWORD, ip));
    for (let failures = 0; failures < LOGIN_THROTTLE.freePerAccountAndIp; failures++) {
      expect((await signIn(user.email, wrong, ip, cookie)).status).toBe(401);
    }
    const slowed = await signIn(user.email, TEST_PASSWORD, ip, cookie);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 2 });
    // They are not this address's failures: without the cookie, the same address goes on.
    expect((await signIn(user.email, wrong, ip)).status).toBe(401);
    await ageDeviceFailures(2);
    expect((await signIn(user.email, TEST_PASSWORD, ip, cookie)).status).toBe(200);
    expect((await signIn(user.email, wrong, ip, cookie)).status).toBe(401);
  });

  it('proves only its own account: another account’s cookie or a forged one changes nothing; one cookie keeps several', async () => {
    const owner = await server.createUser('viewer');
    const other = await server.createUser('viewer');
    const cookie = deviceCookie(await signIn(other.user.email, TEST_PASSWORD, newIp()));
    const [accountId, deviceId] = cookie.split('.');
    expect(accountId).toBe(other.user.id);
    await failuresFromEverywhere(owner.user.email, 50);
    expect((await signIn(owner.user.email, TEST_PASSWORD, newIp(), cookie)).status).toBe(429);
    const forged = `${owner.user.id}.${deviceId}.${'A'.repeat(43)}`;
    expect((await signIn(owner.user.email, TEST_PASSWORD, newIp(), forged)).status).toBe(429);
    // Once the wait is over the owner signs in on this shared device: the cookie then holds both accounts.
    await ageFailures(owner.user.email, LOGIN_THROTTLE.maxAccountDelaySeconds);
    const shared = deviceCookie(await signIn(owner.user.email, TEST_PASSWORD, newIp(), cookie));
    expect(shared.split('~')).toEqual([expect.stringMatching(new RegExp(`^${owner.user.id}\\.`)), cookie]);
    await failuresFromEverywhere(other.user.email, 50);
    expect((await signIn(other.user.email, TEST_PASSWORD, newIp(), shared)).status).toBe(200);
    expect((await signIn(owner.user.email, TEST_PASSWORD, newIp(), shared)).status).toBe(200);
  });

  it('comes with the second step too, and a device with two-step verification skips the wait', async () => {
    const account = await server.createUser('admin');
    const { recoveryCodes } = await enrolTwoStep(server, account);
    const ip = newIp();
    const finishWith = async (code: string | undefined, cookie?: string) => {
      const password = await signIn(account.user.email, TEST_PASSWORD, ip, cookie);
      expect(password.status).toBe(200);
      expect(password.body).toMatchObject({ twoStepRequired: true });
      expect(password.headers.getSetCookie()).toEqual([]);
      return server.post(
        '/api/users/login/two-step',
        { challenge: password.body.challenge, method: 'recovery', code },
        { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie: `sms_device=${cookie}` } : {}) } },
      );
    };
    const verified = await finishWith(recoveryCodes[0]);
    expect(verified.status).toBe(200);
    const cookie = deviceCookie(verified);
    await failuresFromEverywhere(account.user.email, 200);
    expect((await signIn(account.user.email, TEST_PASSWORD, newIp())).status).toBe(429);
    const again = await finishWith(recoveryCodes[1], cookie);
    expect(again.status).toBe(200);
    expect(deviceCookie(again)).toBe(cookie);
  });
});
