import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Followers: a visitor subscribes on the public site (code from the simulator gateway); staff find
// them under /apps/followers with their consent record, the growth chart, the totals, and export them.
let server: RunningServer;
let browser: Browser;
let admin: Session;
const PHONE = '+447911123456';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(
    server.baseUrl,
    'PUT',
    '/api/settings/public-site',
    {
      topics: [
        {
          id: 'weather',
          tag: 'tag2',
          value: 'Weather alerts',
          title: 'Weather alerts',
          description: 'Closures',
          frequency: 'A few a year',
        },
        { id: 'events', tag: 'tag3', value: 'Events', title: 'School events', description: '', frequency: 'Monthly' },
      ],
    },
    admin.token,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a visitor subscribes on the public page and appears among the followers with consent, chart and export', async () => {
  const visitor = await openPage(browser, server.baseUrl);
  await visitor.page.goto('/frontend-pages/portfolio');
  await visitor.page.getByRole('link', { name: 'Subscribe: Weather alerts' }).click();
  const form = visitor.page.getByRole('form', { name: 'Get our text messages' });
  await eventually(() => form.getByRole('checkbox', { name: 'Weather alerts' }).isChecked()).toBe(true);
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(PHONE);
  await form.getByRole('textbox', { name: 'Your name (optional)' }).fill('Omar Said');
  await form.getByRole('button', { name: 'Text me a code' }).click();
  await visitor.page.getByText(`We sent a 6-digit code to ${PHONE}`).waitFor();
  let code = '';
  await eventually(async () => {
    const sent = await api<{ data: Array<{ phone: string; body: string }> }>(
      server.baseUrl,
      'GET',
      '/api/settings/public-site/simulator-messages',
      undefined,
      admin.token,
    );
    code = /\b(\d{6})\b/.exec(sent.data.find((message) => message.phone === PHONE)?.body ?? '')?.[1] ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  await visitor.page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await visitor.page.getByRole('button', { name: 'Confirm' }).click();
  await visitor.page.getByTestId('subscribed').waitFor();
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const chartCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/growth-bars-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chartCode.push(request.url());
  });
  await page.goto('/apps/followers');
  await page.getByRole('heading', { level: 1, name: 'Followers' }).waitFor();
  const row = page.getByTestId('follower-row').filter({ hasText: PHONE });
  await row.waitFor();
  expect(await row.textContent()).toContain('Omar Said');
  expect(await row.textContent()).toContain('Weather alerts');
  expect(await row.textContent()).toContain('Subscribed');

  // The consent record: the words agreed to, and how it was confirmed.
  await row.getByRole('button', { name: `Consent record of ${PHONE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Consent of ${PHONE}` });
  await dialog.waitFor();
  expect(await dialog.getByTestId('consent-source').textContent()).toBe('The code from the text message, typed on the public site');
  expect(await dialog.getByTestId('consent-text').textContent()).toContain('Reply STOP');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Totals and the growth chart (its code downloaded with the first day to draw).
  await eventually(() => page.getByTestId('followers-total-subscribed').textContent()).toBe('1');
  await page.getByTestId('followers-chart').locator('svg').first().waitFor();
  expect(await page.getByTestId('followers-chart').locator('rect').count()).toBeGreaterThan(0);
  expect(chartCode.length).toBe(1);
  expect(await page.getByTestId('followers-chart-table').locator('tbody tr').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Filtering by a topic nobody chose empties the list; clearing brings the follower back.
  await page.getByTestId('followers-topic-filter').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Weather alerts' }).click();
  await row.waitFor();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();

  // The export downloads the same follower.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^followers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(PHONE);
  expect(lines[1]).toContain('Weather alerts');
  expect(lines[1]).toContain('web_form');

  // In Arabic, right to left, still accessible.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'المتابعون' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByTestId('followers-chart').locator('svg').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: cards, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('followers-cards').waitFor();
  // The frame settles into its phone layout a moment after the resize.
  await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
  await context.close();
});
