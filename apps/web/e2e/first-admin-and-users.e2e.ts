import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { FIRST_ADMIN, openPage } from './support/session.ts';

// The newcomer's journey on an empty install: set up the first admin in the browser, sign in,
// manage a colleague's account end to end, sign out.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('first-admin setup, sign in, create, edit and delete a user, sign out', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);

  // An empty install sends visitors to sign in, which offers the first-admin setup.
  await page.goto('/');
  await page.waitForURL(/\/auth\/login/);
  await page.getByRole('link', { name: /create the first administrator/i }).click();
  await page.waitForURL(/\/auth\/register/);

  await page.getByLabel('Full name').fill(FIRST_ADMIN.name);
  await page.getByLabel('Email').fill(FIRST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
  await page.getByLabel('Confirm password').fill(FIRST_ADMIN.password);
  // The public address reset links will use is filled in from the browser's address.
  expect(await page.getByLabel('Public address').inputValue()).toBe(server.baseUrl);
  await page.getByRole('button', { name: /create account|create administrator/i }).click();
  await page.waitForURL(/\/dashboard/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
  const security = await fetch(`${server.baseUrl}/api/settings/security`, { headers: { authorization: `Bearer ${token}` } }).then(
    (response) => response.json(),
  );
  expect(security.settings.publicAddress).toBe(server.baseUrl);

  // Sign out, then sign in again through the login form.
  await page.getByRole('button', { name: /account menu|profile/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await page.waitForURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByLabel('Email').fill(FIRST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL(/\/dashboard/);

  // Create a colleague.
  await page.goto('/users/new');
  await page.getByLabel(/^Name/).fill('Grace Manager');
  await page.getByLabel('Email').fill('grace@example.org');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another-Strong-77');
  await page.getByLabel('Role').click();
  await page.getByRole('option', { name: /manager/i }).click();
  await page.getByRole('button', { name: /create user/i }).click();
  await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByText('grace@example.org').count()).toBeGreaterThan(0);

  // It appears in the list, found by search.
  await page.goto('/users');
  await page.getByLabel('Search users').fill('grace');
  await expect.poll(() => page.getByRole('row', { name: /grace@example\.org/ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('row', { name: /ada@example\.org/ }).count()).toBe(0);

  // Edit the name.
  await page
    .getByRole('row', { name: /grace@example\.org/ })
    .getByRole('cell')
    .first()
    .click();
  await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
  await page
    .getByRole('link', { name: /^edit/i })
    .or(page.getByRole('button', { name: /^edit/i }))
    .first()
    .click();
  await page.waitForURL(/\/edit$/);
  const name = page.getByLabel(/^Name/);
  await name.fill('Grace Hopper');
  await page.getByRole('button', { name: /save/i }).click();
  await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByText('Grace Hopper').count()).toBeGreaterThan(0);

  // Delete with confirmation.
  await page
    .getByRole('button', { name: /delete/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /delete/i }).click();
  await page.waitForURL(/\/users$/);
  await expect.poll(() => page.getByRole('row', { name: /grace@example\.org/ }).count()).toBe(0);

  // Signing out clears the stored session.
  await page.getByRole('button', { name: /account menu|profile/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await page.waitForURL(/\/auth\/login/);
  // A deliberate sign-out does not hand this page to whoever signs in next.
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

  expect(problems).toEqual([]);
  await context.close();
});
