import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';

// Search everywhere: Ctrl+K, a number typed the national way finds the contact stored in E.164,
// arrow keys and Enter open it; settings pages are found by name.
let server: RunningServer;
let browser: Browser;
let session: Session;
let adaId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { defaultCountry: 'GB' }, session.token);
  const ada = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+447911123456', firstName: 'Ada', lastName: 'Lovelace' },
    session.token,
  );
  adaId = ada.contact.id;
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+447911123999', firstName: 'Grace', lastName: 'Hopper' }, session.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Serious and critical axe violations, as readable one-liners. */

test('Ctrl+K, a national-format number, Enter: the contact opens', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/dashboard');
  await page.getByTestId('search-open').waitFor();

  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search contacts, campaigns, people and settings' });
  await eventually(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type('07911 123456');
  const contacts = page.getByTestId('search-group-contacts');
  await eventually(() => contacts.getByRole('option').allTextContents()).toEqual(['Ada Lovelace+447911123456']);
  expect(await input.getAttribute('aria-activedescendant')).toBeTruthy();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/contacts/${adaId}`);
  expect(await page.getByRole('combobox').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('arrow keys move through grouped results; a settings page is found by name', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/dashboard');
  await page.getByTestId('search-open').click();
  await page.keyboard.type('07911 123');
  const options = page.getByTestId('search-group-contacts').getByRole('option');
  await eventually(() => options.count()).toBe(2);
  expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('ArrowDown');
  expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('ArrowDown');
  expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/contacts\/[0-9a-f-]+$/);
  await eventually(() => page.getByText('Grace').first().isVisible()).toBe(true);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('gatew');
  const pages = page.getByTestId('search-group-pages').getByRole('option');
  await eventually(() => pages.allTextContents()).toEqual(['SMS gateways']);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/configurations\?tab=gateways/);
  expect(problems).toEqual([]);
  await context.close();
});

test("what is typed while the dialog's code is still downloading becomes the search", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  // The dialog's code arrives half a second late, as on a slow network.
  await context.route(/\/assets\/search-dialog-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('07911 123');
  const input = page.getByRole('combobox');
  await input.waitFor();
  expect(await input.inputValue()).toBe('07911 123');
  await eventually(() => page.getByTestId('search-group-contacts').getByRole('option').count()).toBe(2);
  expect(problems).toEqual([]);
  await context.close();
});
