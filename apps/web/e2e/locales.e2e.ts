import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 36, languages (decisions 107, 111): a locale beyond the four translated languages gives MUI's
// labels and the dates in that locale, while the product's own text stays English; an organisation's
// country gives a language without a region its formats; every language list offers every locale.
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

test('a user who picks de-DE gets German pagination and dates with English app text, also after a reload', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/pages/account-settings?tab=preferences');
  const form = page.getByTestId('preferences-form');
  await form.getByLabel('Language').click();
  // The four complete languages come first, then MUI's locales by their own names.
  const options = page.getByRole('option');
  expect((await options.allTextContents()).slice(0, 4)).toEqual(['English', 'Français', 'العربية', '中文']);
  expect(await options.count()).toBeGreaterThan(50);
  await page.getByRole('option', { name: 'Deutsch (Deutschland)' }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await eventually(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('de-DE');
  // The page's text is English, so its lang stays en.
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);

  for (const reload of [false, true]) {
    await page.goto('/users');
    if (reload) await page.reload();
    // The product's own text: English.
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // MUI's pagination label: German (MUI's deDE).
    await page.getByText('Zeilen pro Seite:').first().waitFor();
    expect(await page.getByText('Rows per page:').count()).toBe(0);
    // The admin's last sign-in, in German: "7. Dez., 9:30" (day first, German month).
    const lastLogin = page.getByRole('table').locator('time').first();
    await eventually(() => lastLogin.textContent()).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.?,? \d{1,2}:\d{2}$/);
  }

  // The user's page: the full date in German (07.12.2026, 09:30).
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await eventually(async () => (await page.locator('time').allTextContents()).join(' | ')).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  expect(await seriousViolations(page)).toEqual([]);

  // A date picker: German month and day names, weeks from Monday, around the English filters.
  await page.goto('/contacts');
  await page.getByLabel('Created from').waitFor();
  const calendar = await openFirstCalendar(page, /^(Choose date|Datum auswählen)/);
  await eventually(() => calendar.locator('.MuiPickersCalendarHeader-label').textContent()).toMatch(GERMAN_MONTH);
  expect(await weekdayHeaders(calendar)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
  expect(problems).toEqual([]);
  await context.close();
});

test('an English interface in a Kenyan organisation shows Kenyan formats (day first), not US ones', async () => {
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { defaultCountry: 'KE' }, admin.token);
  await api(server.baseUrl, 'PUT', '/api/users/me/preferences', { locale: 'en' }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/users');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByText('Rows per page:').first().waitFor();
  // en-KE: "7 Dec, 9:30", where en-US would say "Dec 7, 9:30 AM".
  const lastLogin = page.getByRole('table').locator('time').first();
  await eventually(() => lastLogin.textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2},? \d{1,2}:\d{2}$/);
  expect(await page.evaluate(() => [localStorage.getItem('lang'), document.documentElement.lang])).toEqual([null, 'en']);
  // The top bar's language menu offers every locale too, the four complete languages first.
  await page.getByRole('button', { name: 'Change language' }).click();
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  expect((await items.allTextContents()).slice(0, 4)).toEqual(['English', 'Français', 'العربية', '中文']);
  expect(await items.count()).toBeGreaterThan(50);
  await page.keyboard.press('Escape');

  // Weeks start on Monday (issue 36; CLDR says Sunday for Kenya, decision 111): the date pickers...
  await page.goto('/contacts');
  await page.getByLabel('Created from').waitFor();
  const calendar = await openFirstCalendar(page, /^Choose date/);
  await eventually(async () => (await weekdayHeaders(calendar))[0]).toBe('Monday');
  expect(await weekdayHeaders(calendar)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  await page.keyboard.press('Escape');
  // ... and the campaign calendar.
  await page.goto('/apps/calendar');
  const headers = page.getByTestId('calendar-grid').locator('thead th');
  await eventually(() => headers.first().textContent()).toBe('Mon');
  expect(await headers.last().textContent()).toBe('Sun');
  expect(problems).toEqual([]);
  await context.close();
});

test("the sign-in page's list offers every locale; de-DE keeps its English text and downloads none of MUI's locales", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/auth/login');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  const list = page.getByRole('combobox', { name: 'Change language' });
  const names = await list.locator('option').allTextContents();
  expect(names.slice(0, 4)).toEqual(['English', 'Français', 'العربية', '中文']);
  expect(names.length).toBeGreaterThan(50);
  expect(names).toContain('Deutsch (Deutschland)');

  await list.selectOption('de-DE');
  await eventually(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('de-DE');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
  // Again on a first load with de-DE stored: the list shows it, the text is English.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await eventually(() => list.inputValue()).toBe('de-DE');
  // The page has no MUI: the chunk with every MUI locale (mui-locales/extra.ts) waits for the app.
  expect(scripts.filter((path) => /\/extra-[\w-]+\.js$/.test(path))).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

const GERMAN_MONTH = /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/;

/** Opens the first date field's calendar (its button, whoever's label it has yet) and returns the dialog. */
async function openFirstCalendar(page: Page, button: RegExp): Promise<Locator> {
  await page.getByRole('button', { name: button }).first().click();
  const calendar = page.getByRole('dialog');
  await calendar.getByRole('grid').waitFor();
  return calendar;
}

/** The calendar's weekday column headers, by their full names (their aria-label). */
const weekdayHeaders = (calendar: Locator) =>
  calendar.getByRole('columnheader').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
