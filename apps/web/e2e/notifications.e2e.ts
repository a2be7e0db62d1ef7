import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';

// Notifications: an import that ends raises the bell's count live (no reload), and the
// notification opens the import; the preferences live in account settings.
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

const CSV = ['Mobile,First name,Last name', '+447400123456,Ada,Lovelace', '+447400123457,Grace,Hopper'].join('\r\n');

/** Serious and critical axe violations, as readable one-liners. */

const unread = (page: Page) => page.getByTestId('notification-count').getAttribute('data-value').then(Number);

test('an import that ends raises the bell live, and its notification opens the import', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/contacts/upload');
  await eventually(() => unread(page)).toBe(0);

  await page.getByTestId('import-file-input').setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/contacts\/upload\?import=/);
  const importUrl = page.url();
  await page.getByRole('button', { name: 'Start import' }).click();
  await eventually(() => page.getByTestId('import-result').textContent(), 30_000).toContain('Import complete');

  // Leave the import; the count rises on the dashboard without a reload (sweep + live stream).
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.waitForURL(/\/dashboard/);
  await eventually(() => unread(page), 30_000).toBe(1);
  await expect.poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).count()).toBe(1);

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-import_completed');
  await eventually(() => item.textContent()).toContain('Import of team.csv finished: 2 created, 0 updated, 0 rejected');
  expect(await seriousViolations(page)).toEqual([]);
  await item.click();
  await page.waitForURL((url) => url.toString() === importUrl);
  await eventually(() => page.getByTestId('import-result').textContent()).toContain('Import complete');
  // Opening it marked it read.
  await eventually(() => unread(page)).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('account settings: choose notifications per event, in the app and by e-mail', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/pages/account-settings?tab=notifications');
  const inApp = page.getByRole('checkbox', { name: 'Import failed: in the app' });
  await eventually(() => inApp.isChecked()).toBe(true);
  // No SMTP on this server: the choice is kept, and the page says nothing is sent.
  await eventually(() => page.getByText('This server has no e-mail (SMTP) set up').count()).toBe(1);
  await inApp.uncheck();
  await page.getByRole('checkbox', { name: 'Import failed: by e-mail' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await eventually(() => page.getByRole('checkbox', { name: 'Import failed: by e-mail' }).isChecked()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Import failed: in the app' }).isChecked()).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});
