import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 37: one's profile and password are edited in one place, the account settings; the profile
// page shows the account and links there.
let server: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the profile page edits nothing and links to the account settings, where details and password are edited', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/user-profile');
  await eventually(() => page.getByTestId('profile-summary').count()).toBe(1);
  expect(await page.getByTestId('profile-summary').textContent()).toContain('Ada Admin');
  // No form here: nothing to type in, nothing to save.
  expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
  expect(await page.getByLabel('Current password').count()).toBe(0);

  await page.getByRole('link', { name: 'Edit personal details' }).click();
  await page.waitForURL(/\/pages\/account-settings\?tab=profile$/);
  await eventually(() => page.getByRole('heading', { name: 'Personal details' }).count()).toBe(1);
  await page.getByRole('textbox', { name: /^Name/ }).fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save details' }).click();
  await eventually(() => page.getByText('Your details were saved.').count()).toBe(1);

  await page.goto('/user-profile');
  await eventually(() => page.getByTestId('profile-summary').textContent()).toContain('Ada Lovelace');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.waitForURL(/\/pages\/account-settings\?tab=password$/);
  await eventually(() => page.getByLabel('Current password').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});
