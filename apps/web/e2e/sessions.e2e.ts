import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { FIRST_ADMIN, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';

// Spec sections 2, 4 and 8: redirect to login and back, client-side expiry at start-up, and the
// HTTP client's reaction to a 401.
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A token with the given payload and a signature the server will refuse. */
const forgedToken = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)].map((part) => Buffer.from(part).toString('base64url')).join('.') +
  '.c2lnbmF0dXJl';

test('a deep link while signed out goes to login with redirect, then back after sign-in', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/users?search=ada');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users?search=ada');

  await page.getByLabel('Email').fill(FIRST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => url.pathname === '/users' && url.search === '?search=ada');
  expect(problems).toEqual([]);
  await context.close();
});

test('unknown paths, protected or public, land on /auth/404', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  for (const path of ['/no-such-page', '/apps/no-such-app', '/auth/nope']) {
    await page.goto(path);
    await page.waitForURL(/\/auth\/404$/);
  }
  await context.close();
});

test('an expired stored token is cleared at start-up', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  const expired = forgedToken({ sub: admin.user.id, exp: Math.floor(Date.now() / 1000) - 60 });
  await useSession(context, { token: expired, user: admin.user });
  await page.goto('/dashboard');
  await page.waitForURL(/\/auth\/login/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await context.close();
});

test('an unparsable stored token is cleared at start-up', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, { token: 'not-a-token', user: admin.user });
  await page.goto('/dashboard');
  await page.waitForURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
});

test('a 401 from the API clears the session and sends the user to login with the current page', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  // Unexpired on the client, refused by the server: the first API call answers 401.
  const refused = forgedToken({ sub: admin.user.id, exp: Math.floor(Date.now() / 1000) + 3600 });
  await useSession(context, { token: refused, user: admin.user });
  await page.goto('/users');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await context.close();
});

test('a session revoked on the server (signed out elsewhere) is sent back to login', async () => {
  const session = await signInByApi(server.baseUrl);
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/dashboard');
  await page.waitForURL(/\/dashboard/);
  await fetch(`${server.baseUrl}/api/users/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
  await page.goto('/users');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await context.close();
});
