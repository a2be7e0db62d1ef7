import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';

// Issue 37: a deleted contact can be restored for 30 days. Deleting one (or several) moves them to
// the trash, which lists them with when they go for good, and restores one or the ticked ones.
let server: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await seedAdmin(server.baseUrl);
  for (const [phone, firstName] of [
    ['+33612340001', 'Maud'],
    ['+33612340002', 'Noor'],
    ['+33612340003', 'Otto'],
  ])
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, lastName: 'Trash', tag1: 'bin' }, session.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a deleted contact goes to the trash and comes back from it, one by one or ticked together', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto('/contacts?tag1=bin');
  const rows = page.getByRole('table').locator('[data-row]');
  await eventually(() => rows.count()).toBe(3);

  // One contact, from its row: the dialog says it can be restored.
  await page.getByRole('button', { name: 'Delete Maud Trash' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.textContent()).toContain('goes to the trash, where it can be restored for 30 days');
  await dialog.getByRole('button', { name: 'Delete contact' }).click();
  await eventually(() => page.getByText('Contact moved to the trash.').count()).toBe(1);
  await eventually(() => rows.count()).toBe(2);

  // Two more, ticked together.
  await page.getByRole('checkbox', { name: 'Select Noor Trash, +33612340002' }).check();
  await page.getByRole('checkbox', { name: 'Select Otto Trash, +33612340003' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete contacts' }).click();
  await eventually(() => page.getByText('2 contacts moved to the trash.').count()).toBe(1);
  await eventually(() => rows.count()).toBe(0);

  // The trash, from the list's header.
  await page.getByRole('link', { name: 'Trash' }).click();
  await page.waitForURL(/\/contacts\/trash/);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Trash');
  const trashRows = page.getByTestId('contacts-trash-grid').locator('[data-row]');
  await eventually(() => trashRows.count()).toBe(3);
  expect(await page.getByRole('columnheader', { name: 'Deleted for good on' }).count()).toBe(1);

  // Restore one from its row.
  await page.getByRole('button', { name: 'Restore Maud Trash' }).click();
  await eventually(() => page.getByText('1 contact restored.').count()).toBe(1);
  await eventually(() => trashRows.count()).toBe(2);

  // And the other two, ticked.
  await page.getByRole('checkbox', { name: 'Select Noor Trash, +33612340002' }).check();
  await page.getByRole('checkbox', { name: 'Select Otto Trash, +33612340003' }).check();
  await page.getByRole('region', { name: 'Selected deleted contacts' }).getByRole('button', { name: 'Restore selected' }).click();
  await eventually(() => page.getByText('2 contacts restored.').count()).toBe(1);
  await eventually(() => page.getByText('The trash is empty.').count()).toBe(1);

  // All three are back in the list.
  await page.goto('/contacts?tag1=bin');
  await eventually(() => rows.count()).toBe(3);
  expect(problems).toEqual([]);
  await context.close();
});

test('an agent, who may not delete contacts, has no way to the trash', async () => {
  const agent = { name: 'Agnes Agent', email: 'agnes@example.org', password: 'Correct-Horse-42' };
  await api(server.baseUrl, 'POST', '/api/users/register', { ...agent, role: 'agent' }, session.token);
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, await signInByApi(server.baseUrl, agent));
  await page.goto('/contacts');
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contacts');
  await eventually(() => page.getByRole('table').locator('[data-row]').count()).toBeGreaterThan(0);
  expect(await page.getByRole('link', { name: 'Trash' }).count()).toBe(0);
  await context.close();
});
