import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Issue 18, defects 4 and 10: on a phone (390 x 844) the lists are cards that fit the screen, the
// contacts filters wait behind a button that counts them; in Arabic the date filters open a
// localised picker and the pages show one digit system (Latin, decision 044).
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  for (const [phone, firstName, tag1] of [
    ['+33612340301', 'Amira', 'north'],
    ['+33612340302', 'Bastien', 'south'],
    ['+33612340303', 'Chen', 'north'],
  ])
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, tag1 }, admin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    // Sent now: the reports list has only campaigns that started sending (decision 084).
    { name: 'Spring offer for every contact in the north', body: 'Soon.' },
    admin.token,
  );
  await tuneSimulator(server.baseUrl, admin.token, { replyRate: 0 });
  await launchUntilCompleted(server.baseUrl, admin.token, campaign.id);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;

test('on a 390 px phone every list is cards within the screen, and the contacts filters wait behind a button with their count', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(context, admin);
  const lists: Array<[string, string]> = [
    ['/contacts', 'contacts-grid'],
    ['/campaigns', 'campaigns-grid'],
    ['/reports', 'reports-grid'],
    ['/users', 'users-grid'],
  ];
  for (const [path, testId] of lists) {
    await page.goto(path);
    const list = page.locator(`[data-testid="${testId}"][data-layout="cards"]`);
    await eventually(() => list.getByTestId('list-card').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-layout="table"]').count(), `${path}: no table`).toBe(0);
    expect(await pageOverflow(page), `${path}: sideways overflow`).toBeLessThanOrEqual(0);
    // The card's actions are buttons with their names, in the tab order.
    expect(await list.getByTestId('list-card').first().getByRole('button').count(), `${path}: card actions`).toBeGreaterThan(0);
  }

  // Filters hidden behind the button, which counts the active ones (tag1 here).
  await page.goto('/contacts?tag1=north');
  await eventually(() => page.getByTestId('list-card').count()).toBe(2);
  expect(await page.getByTestId('contacts-filters').count()).toBe(0);
  expect(await page.getByTestId('contacts-filters-count').textContent()).toBe('1');
  await page.getByTestId('contacts-filters-button').click();
  await page.getByTestId('contacts-filters').getByLabel('Status').waitFor();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('in Arabic the contacts date filter opens a localised calendar, and no page mixes in Arabic-Indic digits', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await useSession(context, admin);
  await page.goto('/contacts');
  await eventually(() => page.getByTestId('contacts-grid').getByRole('row').count()).toBeGreaterThan(1);
  // No native date box: MUI's picker, whose calendar names the month in Arabic.
  expect(await page.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
  await page
    .getByRole('button', { name: /اختر التاريخ/ })
    .first()
    .click();
  const calendar = page.getByRole('dialog');
  await calendar.waitFor();
  const monthNames = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
  const heading = (await calendar.textContent()) ?? '';
  expect(
    monthNames.some((month) => heading.includes(month)),
    heading.slice(0, 80),
  ).toBe(true);
  expect(heading).not.toMatch(ARABIC_INDIC);
  await page.keyboard.press('Escape');

  for (const path of ['/contacts', '/', '/reports']) {
    await page.goto(path);
    // Not 'networkidle': the notification bell keeps its event stream open on every page.
    await eventually(() => page.locator('main').textContent()).toMatch(/\d/);
    await eventually(() => page.locator('main').getByRole('progressbar').count()).toBe(0);
    expect(await page.locator('main').textContent(), path).not.toMatch(ARABIC_INDIC);
  }
  expect(problems).toEqual([]);
  await context.close();
});

test('the dashboard at 1366 px: KPI labels and sub-lines on at most two lines in every language, one line when nothing sends, no empty opt-outs chart', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  for (const language of ['en', 'fr', 'ar', 'zh']) {
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    await page.goto('/dashboard');
    await page.getByTestId('kpi-contacts').waitFor();
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="kpi-label"], [data-testid="kpi-detail"]')].map((element) => {
        const style = getComputedStyle(element);
        return { text: element.textContent, lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)) };
      }),
    );
    expect(lines.length, language).toBe(10);
    for (const line of lines) expect(line.lines, `${language}: ${line.text}`).toBeLessThanOrEqual(2);
    // Nothing sends: one line. No opt-outs: a sentence instead of the chart.
    expect((await page.getByTestId('dashboard-active').boundingBox())!.height, language).toBeLessThan(60);
    expect(await page.getByTestId('opt-outs-chart').count(), language).toBe(0);
    await page.getByTestId('opt-outs-none').waitFor();
  }
  expect(problems).toEqual([]);
  await context.close();
});
