import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../../test/helper.ts';
import { loginAttempts } from '../../db/schema.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let ipCounter = 0;
/** A distinct client address per test (the test server trusts X-Forwarded-For). */
const newIp = () => `198.51.100.${++ipCounter}`;
const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const wrong = 'Wrong-Password-99';

/** Moves every recorded failure of an email `seconds` into the past (instead of waiting). */
const ageFailures = (email: string, seconds: number) =>
  server.database.db
    .update(loginAttempts)
    .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.email, email));

describe('sign-in throttling per account', () => {
  it('answers 429 with a retry time after 5 failures, even for the right password, from any IP', async () => {
    const { user } = await server.createUser('viewer');
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i++) {
      expect((await server.post('/api/users/login', { email: user.email, password: wrong }, fromIp(ip))).status).toBe(401);
    }
    const blocked = await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.body.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(blocked.body.retryAfter).toBeGreaterThan(14 * 60);
    expect(blocked.body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.retryAfter));
    const elsewhere = await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(newIp()));
    expect(elsewhere.status).toBe(429);
  });

  it('opens again once failures leave the 15-minute window (never a permanent lock)', async () => {
    const { user } = await server.createUser('viewer');
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i++) await server.post('/api/users/login', { email: user.email, password: wrong }, fromIp(ip));
    expect((await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip))).status).toBe(429);
    await ageFailures(user.email, 10 * 60);
    const stillBlocked = await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip));
    expect(stillBlocked.status).toBe(429);
    expect(stillBlocked.body.retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(stillBlocked.body.message).toBe('Too many sign-in attempts. Try again in 5 minutes.');
    await ageFailures(user.email, 5 * 60 + 1);
    expect((await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip))).status).toBe(200);
  });

  it('clears the account failures after a successful sign-in', async () => {
    const { user } = await server.createUser('viewer');
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount - 1; i++) await server.post('/api/users/login', { email: user.email, password: wrong }, fromIp(ip));
    expect((await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip))).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount - 1; i++) {
      expect((await server.post('/api/users/login', { email: user.email, password: wrong }, fromIp(ip))).status).toBe(401);
    }
    expect((await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip))).status).toBe(200);
  });

  it('throttles unknown emails like real ones, so throttling reveals nothing either', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerAccount; i++) expect((await server.post('/api/users/login', { email: ghost, password: wrong }, fromIp(ip))).status).toBe(401);
    expect((await server.post('/api/users/login', { email: ghost, password: wrong }, fromIp(ip))).status).toBe(429);
  });
});

describe('sign-in throttling per IP', () => {
  it('answers 429 after 20 failures from one IP across many accounts, other IPs unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxPerIp; i++) {
      expect((await server.post('/api/users/login', { email: uniqueEmail('spray'), password: wrong }, fromIp(ip))).status).toBe(401);
    }
    const { user } = await server.createUser('viewer');
    const blocked = await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(ip));
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect((await server.post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, fromIp(newIp()))).status).toBe(200);
  });
});
