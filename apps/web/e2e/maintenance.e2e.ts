import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Account, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';

// Maintenance mode: a manager is sent to /auth/maintenance (with the message) and brought back
// when it ends; signing in meanwhile leads there too; administrators keep working under a banner
// and switch the mode from Configurations -> Maintenance; the audit log shows the switches.
let server: RunningServer;
let browser: Browser;
let admin: Session;
const MANAGER: Account = { name: 'Max Manager', email: 'max@example.org', password: 'Correct-Horse-42' };
const MESSAGE = 'Upgrading the database: back at 14:00 UTC.';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...MANAGER, role: 'manager' }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setMode = (enabled: boolean, message = MESSAGE) =>
  api(server.baseUrl, 'PUT', '/api/settings/maintenance', { enabled, message }, admin.token);
afterEach(() => setMode(false, ''));

/** Console problems other than the 503 answers maintenance mode gives on purpose. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/status of 503/.test(problem));

test('a manager sees the maintenance page with the message, then returns to the same page when it ends', async () => {
  const manager = await signInByApi(server.baseUrl, MANAGER);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, manager);
  await page.goto('/contacts?search=ann');
  await page.getByRole('table').waitFor();

  await setMode(true);
  await page.reload();
  await page.waitForURL((url) => url.pathname === '/auth/maintenance');
  expect(new URL(page.url()).searchParams.get('from')).toBe('/contacts?search=ann');
  await page.getByTestId('maintenance-message').filter({ hasText: MESSAGE }).waitFor();
  await page.getByRole('heading', { name: "We'll be back soon" }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await setMode(false, '');
  // The page polls every 5 s; each API process trusts its reading for 2 s.
  await page.waitForURL((url) => url.pathname === '/contacts' && url.search === '?search=ann', { timeout: 20_000 });
  await page.getByRole('table').waitFor();
  expect(unexpected(problems)).toEqual([]);
  await context.close();
});

test('a manager who signs in during maintenance is sent to the maintenance page', async () => {
  await setMode(true);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(MANAGER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(MANAGER.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => url.pathname === '/auth/maintenance');
  await page.getByTestId('maintenance-message').filter({ hasText: MESSAGE }).waitFor();
  await page.getByText('Signed in as Max Manager.').waitFor();
  expect(unexpected(problems)).toEqual([]);
  await context.close();
});

test('administrators keep working under a banner and switch the mode from the Maintenance tab', async () => {
  await setMode(true);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/contacts');
  await page.getByRole('table').waitFor();
  const banner = page.getByTestId('maintenance-banner');
  await banner.getByText('Maintenance mode is on').waitFor();

  await banner.getByRole('link', { name: 'Switch it off' }).click();
  await page.waitForURL((url) => url.pathname === '/configurations' && url.searchParams.get('tab') === 'maintenance');
  await page.getByTestId('maintenance-state').getByText('Maintenance mode is on: only administrators can use the platform.').waitFor();
  await expect.poll(() => page.getByLabel('Message for users').inputValue(), { timeout: 10_000 }).toBe(MESSAGE);
  await page.getByLabel('Maintenance mode on').uncheck();
  await page.getByTestId('maintenance-form').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Maintenance mode is off.', { exact: true }).waitFor();
  await banner.waitFor({ state: 'detached' });
  expect(await api(server.baseUrl, 'GET', '/api/maintenance')).toEqual({ enabled: false, message: MESSAGE });

  // Switching it on asks first.
  await page.getByLabel('Message for users').fill('Back in ten minutes.');
  await page.getByLabel('Maintenance mode on').check();
  await page.getByTestId('maintenance-form').getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch maintenance mode on?' });
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await banner.waitFor();
  expect(await api(server.baseUrl, 'GET', '/api/maintenance')).toEqual({ enabled: true, message: 'Back in ten minutes.' });
  expect(unexpected(problems)).toEqual([]);
  await context.close();
});

test('the audit log tab lists the switches, filters them and shows one in the side panel', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=audit-log');
  const grid = page.getByRole('table', { name: 'Audit entries' });
  await grid.waitFor();
  await page.getByLabel('Search').fill('maintenance');
  // Sign-ins are listed until the (debounced) search applies, and the grid is empty while the
  // filtered page loads: wait for both sides of the answer at once.
  const shown = async () => ({
    signIns: await grid.getByRole('row', { name: /Signed in/ }).count(),
    switches: Math.min(await grid.getByRole('row', { name: /Switched maintenance mode on/ }).count(), 1),
  });
  await expect.poll(shown, { timeout: 10_000 }).toEqual({ signIns: 0, switches: 1 });
  await grid
    .getByRole('row', { name: /Switched maintenance mode on/ })
    .first()
    .click();
  const panel = page.getByTestId('audit-entry-panel');
  await panel.getByRole('heading', { name: 'Switched maintenance mode on' }).waitFor();
  expect(await panel.getByText('settings.maintenance.on', { exact: true }).count()).toBe(1);
  expect(await panel.locator('pre').textContent()).toContain('"message"');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
