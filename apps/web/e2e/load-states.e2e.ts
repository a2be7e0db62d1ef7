import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// What a detail page shows instead of its item: not found (404, or an id that is no id: 400),
// a failed load with Try again, and no access (403).
let server: RunningServer;
let browser: Browser;
let admin: Session;

const MISSING = '01900000-0000-7000-8000-000000000000';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a contact, a campaign and a report that do not exist: a friendly not-found with the way back', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/contacts/${MISSING}`);
  const contact = page.getByTestId('contact-not-found');
  await eventually(() => contact.textContent()).toBe('This contact does not exist or has been deleted.');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact not found');
  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await page.waitForURL(/\/contacts$/);

  await page.goto('/campaigns/not-an-id/edit');
  await eventually(() => page.getByTestId('campaign-not-found').count()).toBe(1);
  expect(await page.getByRole('link', { name: 'Back to campaigns' }).getAttribute('href')).toBe('/campaigns');

  await page.goto(`/reports/delivery/${MISSING}`);
  await eventually(() => page.getByTestId('report-not-found').count()).toBe(1);
  expect(
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Reports' })
      .getAttribute('href'),
  ).toBe('/reports');
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  await context.close();
});

test('a user whose load fails shows the reason and Try again, which loads it', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  let failures = 0;
  // The server is up; this request alone fails, twice (the app retries a 5xx once by itself; a 503
  // of the database or a proxy would be waited out under the connection banner instead).
  await page.route(`**/api/users/${admin.user.id}`, async (route) => {
    if (failures++ < 2)
      await route.fulfill({
        status: 500,
        json: { statusCode: 500, error: 'Internal Server Error', message: 'The user could not be read' },
      });
    else await route.fallback();
  });
  await page.goto(`/users/${admin.user.id}`);
  const failed = page.getByTestId('user-load-error');
  await eventually(() => failed.textContent()).toContain('The user could not be read');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada Admin');
  expect(await page.getByTestId('user-load-error').count()).toBe(0);
  await context.close();
});

test('a list the server refuses (403) says the role has no access, with the way back', async () => {
  // The app hides what a role may not open and a role change signs the user out, so a real 403
  // reaches a page only when the server's policy and the app's differ (say, during an upgrade):
  // the users list answers 403 here to show what the page does then.
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.route('**/api/users?*', (route) =>
    route.fulfill({ status: 403, json: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' } }),
  );
  await page.goto('/users');
  const denied = page.getByTestId('access-denied');
  await eventually(() => denied.count()).toBe(1);
  expect(await denied.textContent()).toContain('Your role does not allow managing users.');
  await denied.getByRole('link', { name: 'Back to the dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
  await context.close();
});
