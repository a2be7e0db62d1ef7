import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Issue 37 (decision 084): one way to show a scheduled time, and words that mean what happened.
// The organisation is in Nairobi (UTC+3, no daylight saving), the viewer in São Paulo (UTC-3, none
// either): a campaign scheduled for 01:30 on 2 March in Nairobi is 19:30 on 1 March for the viewer.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let scheduledId = '';
let sentId = '';

const YEAR = new Date().getUTCFullYear() + 1;
const DAY = `${YEAR}-03-02`;
const ORG_TIME = new RegExp(`Mar 2, ${YEAR}, 1:30\\sAM \\(Africa/Nairobi\\)`);
const LOCAL_TIME = new RegExp(`Your time: Mar 1, ${YEAR}, 7:30\\sPM`);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { timeZone: 'Africa/Nairobi' }, admin.token);
  await tuneSimulator(server.baseUrl, admin.token, { replyRate: 0 });
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+33612340401', firstName: 'Wanjiru' }, admin.token);
  const sent = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Sent before', body: 'Hi.' },
    admin.token,
  );
  sentId = sent.campaign.id;
  await launchUntilCompleted(server.baseUrl, admin.token, sentId);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Nairobi night', body: 'Soon.', scheduledLocal: `${DAY}T01:30`, timeZone: 'Africa/Nairobi' },
    admin.token,
  );
  scheduledId = campaign.id;
  await api(server.baseUrl, 'POST', `/api/campaigns/${scheduledId}/launch`, undefined, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page in a browser that lives in São Paulo, with its problems collected. */
async function viewerPage(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403|404|409|429)/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  await useSession(context, admin);
  return { context, page, problems };
}

test("a time scheduled in the organisation's zone reads the same, the zone named, on the campaign's page, /campaigns, the dashboard and the calendar", async () => {
  const { context, page, problems } = await viewerPage();

  await page.goto(`/campaigns/${scheduledId}`);
  const waiting = page.getByTestId('campaign-scheduled');
  await eventually(() => waiting.textContent()).toMatch(ORG_TIME);
  expect(await waiting.textContent()).toMatch(LOCAL_TIME);
  expect(await page.getByTestId('campaign-summary').textContent()).toMatch(ORG_TIME);

  await page.goto('/campaigns');
  const cell = page.getByRole('row', { name: /Nairobi night/ }).locator('[data-field="scheduledAt"]');
  await eventually(() => cell.textContent()).toMatch(new RegExp(`Mar 2, ${YEAR}, 1:30\\sAM`));
  expect(await cell.getByTestId('scheduled-time-zone').textContent()).toBe('Africa/Nairobi');
  // The viewer's own time on hover.
  expect(await cell.locator('[title]').first().getAttribute('title')).toMatch(LOCAL_TIME);

  await page.goto('/dashboard');
  const when = page
    .getByTestId('dashboard-scheduled')
    .locator(`[data-campaign-id="${scheduledId}"]`)
    .getByTestId('dashboard-campaign-when');
  await eventually(() => when.textContent()).toMatch(/^Scheduled for /);
  expect(await when.textContent()).toMatch(ORG_TIME);
  expect(await when.textContent()).toMatch(LOCAL_TIME);

  // The calendar's days are the organisation's: 2 March, not the viewer's 1 March.
  await page.goto(`/apps/calendar?view=week&date=${DAY}`);
  const entry = page.locator(`[data-testid="calendar-entry"][data-campaign-id="${scheduledId}"]`);
  await eventually(() => entry.locator('xpath=ancestor::td').getAttribute('data-date')).toBe(DAY);
  expect(await entry.getByTestId('calendar-entry-time').textContent()).toMatch(/^1:30\sAM$/);
  await eventually(() => page.locator('main').textContent()).toContain(
    "in the organisation's time zone (Africa/Nairobi). Your own time zone is America/Sao_Paulo.",
  );
  expect(problems).toEqual([]);
  await context.close();
});

test('a scheduled campaign says "Scheduled for", has no figures or report links, and is not among the launched campaigns', async () => {
  const { context, page, problems } = await viewerPage();

  await page.goto(`/campaigns/${scheduledId}`);
  await eventually(() => page.getByTestId('campaign-scheduled').textContent()).toMatch(/^Scheduled for /);
  expect(await page.getByTestId('campaign-processed').count()).toBe(0);
  expect(await page.getByText('Response rate').count()).toBe(0);
  expect(await page.locator('main a[href^="/reports"]').count()).toBe(0);
  const summary = page.getByTestId('campaign-summary');
  expect(await summary.getByText('Launched', { exact: true }).count()).toBe(0);

  // The campaign that sent: launched, with its reports.
  await page.goto(`/campaigns/${sentId}`);
  await page.getByTestId('campaign-processed').waitFor();
  expect(await page.getByTestId('campaign-summary').getByText('Launched', { exact: true }).count()).toBe(1);
  expect(await page.locator(`main a[href="/reports/delivery/${sentId}"]`).count()).toBeGreaterThan(0);

  await page.goto('/reports');
  await page.getByRole('row', { name: /Sent before/ }).waitFor();
  expect(await page.getByRole('row', { name: /Nairobi night/ }).count()).toBe(0);

  await page.goto('/campaigns');
  const row = page.getByRole('row', { name: /Nairobi night/ });
  await row.waitFor();
  expect(await row.locator('[data-field="launchedAt"]').textContent()).toBe('');
  expect(problems).toEqual([]);
  await context.close();
});
