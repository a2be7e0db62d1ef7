import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { gridOverflow } from './support/grid-fit.ts';
import { tuneSimulator } from './support/simulator.ts';

// Issue 17: every list kept in the URL shares one list kit. An old link (or a page whose rows were
// deleted) that points past the last page lands on the last page that has rows, in every list.
let server: RunningServer;
let browser: Browser;
let admin: Session;

/** Eleven of a kind: one more than a page of ten, so the last page with rows is page 2. */
const ELEVEN = Array.from({ length: 11 }, (_, index) => String(index + 1).padStart(2, '0'));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  // The admin is the first user, so ten more make eleven users.
  for (const n of ELEVEN.slice(1))
    await api(
      server.baseUrl,
      'POST',
      '/api/users/register',
      { name: `User ${n}`, email: `user${n}@example.org`, password: 'Correct-Horse-42', role: 'viewer' },
      admin.token,
    );
  for (const n of ELEVEN)
    await api(server.baseUrl, 'POST', '/api/contacts', { phone: `+336123456${n}`, firstName: `Contact ${n}` }, admin.token);
  // Ten drafts and, last, one launched campaign (for the reports list) make eleven campaigns. It
  // is sent now (the reports list has only campaigns that started sending: decision 084).
  for (const n of ELEVEN.slice(0, 10))
    await api(server.baseUrl, 'POST', '/api/campaigns', { name: `Campaign ${n}`, body: 'Hello.' }, admin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Reported', body: 'Hi.' },
    admin.token,
  );
  await tuneSimulator(server.baseUrl, admin.token, { replyRate: 0 });
  await launchUntilCompleted(server.baseUrl, admin.token, campaign.id);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The rows of the page's one grid. */
const rows = (page: Page) => page.getByRole('table').locator('[data-row]');
/** The one-based page in the address bar (null: the first page, which the URL leaves out). */
const pageInUrl = (page: Page) => new URL(page.url()).searchParams.get('page');

/**
 * Opens `list` from the dashboard with a page past the end, waits for the correction to `page`
 * (one-based, null for the first) and `rowCount` rows, then goes Back: the page past the end was
 * replaced in history, so Back returns to the dashboard instead of correcting the list again.
 */
async function landsOnLastPage(page: Page, list: string, expected: { page: string | null; rowCount: number }) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(list);
  await eventually(() => pageInUrl(page)).toBe(expected.page);
  await eventually(() => rows(page).count()).toBe(expected.rowCount);
  // Every list fits a laptop screen: no sideways scrolling, no cut cell.
  expect(await gridOverflow(page.getByRole('table')), list).toEqual({ pastEdge: [], cutCells: [] });
  await page.goBack();
  await eventually(() => new URL(page.url()).pathname).toBe('/dashboard');
}

test('a link past the last page lands on the last page that has rows, in every URL list', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);

  await landsOnLastPage(page, '/users?page=9&pageSize=10', { page: '2', rowCount: 1 });
  await landsOnLastPage(page, '/contacts?page=9&pageSize=10', { page: '2', rowCount: 1 });
  await landsOnLastPage(page, '/campaigns?page=9&pageSize=10', { page: '2', rowCount: 1 });
  // One launched campaign: any page past the first goes back to the first (the URL leaves it
  // out) and keeps the filter.
  await landsOnLastPage(page, '/reports?page=5&status=completed', { page: null, rowCount: 1 });
  expect(problems).toEqual([]);
  await context.close();
});

test("the lists' table sorts by its headers, shows hidden columns, ticks a page and opens rows from the keyboard", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const names = () => rows(page).locator('[data-field="name"]').allTextContents();

  // A header click asks the server for that order, a second click for the other; the URL keeps it.
  await page.goto('/campaigns?pageSize=25');
  const nameHeader = page.getByRole('columnheader', { name: 'Campaign name' });
  await nameHeader.getByRole('button').click();
  await eventually(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
  await eventually(async () => (await names())[0]).toBe('Campaign 01');
  expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
  await nameHeader.getByRole('button').click();
  await eventually(async () => (await names())[0]).toBe('Reported');
  expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

  // Created is hidden at first; the column chooser shows it.
  expect(await page.getByRole('columnheader', { name: 'Created' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  const created = page.getByRole('menuitemcheckbox', { name: 'Created' });
  expect(await created.getAttribute('aria-checked')).toBe('false');
  await created.click();
  await page.keyboard.press('Escape');
  await page.getByRole('columnheader', { name: 'Created' }).waitFor();
  // (It may need sideways scrolling then: that is why it starts hidden.)

  // The header's box ticks every row of the page; one row unticked leaves it mixed.
  await page.goto('/contacts?pageSize=10');
  await eventually(() => rows(page).count()).toBe(10);
  const all = page.getByRole('checkbox', { name: 'Select all rows on this page' });
  await all.check();
  expect(await rows(page).getByRole('checkbox', { checked: true }).count()).toBe(10);
  await rows(page).first().getByRole('checkbox').uncheck();
  expect(await all.getAttribute('data-indeterminate')).toBe('true');
  expect(await rows(page).getByRole('checkbox', { checked: true }).count()).toBe(9);

  // The footer pages with the previous and next buttons, and sets the page size with the browser's select.
  await page.goto('/users?pageSize=10');
  await eventually(() => rows(page).count()).toBe(10);
  const footer = page.getByTestId('list-pagination');
  expect(await footer.textContent()).toContain('1–10 of 11');
  expect(await footer.getByRole('button', { name: 'Go to previous page' }).isDisabled()).toBe(true);
  await footer.getByRole('button', { name: 'Go to next page' }).click();
  await eventually(() => pageInUrl(page)).toBe('2');
  await eventually(() => rows(page).count()).toBe(1);
  expect(await footer.getByRole('button', { name: 'Go to next page' }).isDisabled()).toBe(true);
  await footer.getByLabel('Rows per page:').selectOption('25');
  await eventually(() => new URL(page.url()).searchParams.get('pageSize')).toBe('25');
  await eventually(() => rows(page).count()).toBe(11);
  expect(pageInUrl(page)).toBeNull();

  // The audit log's rows have no link: each takes the focus and opens its entry on Enter.
  await page.goto('/configurations?tab=audit-log');
  const firstEntry = page.getByRole('table', { name: 'Audit entries' }).locator('[data-row]').first();
  await firstEntry.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('audit-entry-panel').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a new page starts at the top and Back returns to where the last one was scrolled; a page whose code fails to download shows the error screen', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.setViewportSize({ width: 1366, height: 500 });
  await page.goto('/contacts?pageSize=25');
  await eventually(() => rows(page).count()).toBe(11);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);
  // The next page through the app's own navigation (no reload) opens at its top.
  await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
  await eventually(() => rows(page).first().textContent()).toContain('Reported');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await eventually(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(scrolled));

  // The FAQ page's code cannot be downloaded: the routes' error boundary shows the error screen.
  await context.route(/\/assets\/faq-page-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('navigation').getByRole('link', { name: 'Help & FAQ' }).click();
  await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
  await context.close();
});
