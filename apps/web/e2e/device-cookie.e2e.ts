import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { FIRST_ADMIN, openPage, seedAdmin } from './support/session.ts';

// Issue 34 (decision 076): the sign-in page's browser keeps the device cookie a sign-in sets and
// sends it with its next sign-in, so failures from other addresses do not keep its user out.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Proxy headers trusted, so the attack below can come from many addresses.
  server = await startServer({ TRUST_PROXY: 'true' });
  browser = await launchBrowser();
  await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInThroughPage(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(FIRST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** A sign-in attempt for the first admin from `address`, outside the browser. */
const signInFrom = (address: string, password: string) =>
  fetch(`${server.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: FIRST_ADMIN.email, password }),
  });

test('a browser that signed in before still signs in after 25 wrong passwords from 25 other addresses', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await signInThroughPage(page);
  const device = (await context.cookies()).find((cookie) => cookie.name === 'sms_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/login', secure: false });
  expect(await page.evaluate(() => document.cookie)).not.toContain('sms_device');

  const guesses = await Promise.all(Array.from({ length: 25 }, (_, index) => signInFrom(`203.0.113.${index + 1}`, 'Wrong-Password-1')));
  expect(guesses.every((guess) => guess.status === 401 || guess.status === 429)).toBe(true);
  // Without the cookie the right password waits, like the guesses.
  expect((await signInFrom('203.0.113.200', FIRST_ADMIN.password)).status).toBe(429);

  // Signed out, the browser signs in again: its sign-in carries the cookie and gets in.
  await page.evaluate(() => localStorage.clear());
  const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/users/login');
  await signInThroughPage(page);
  expect((await (await sent).allHeaders()).cookie).toMatch(/(^|; )sms_device=/);
  expect(problems).toEqual([]);
  await context.close();
});
