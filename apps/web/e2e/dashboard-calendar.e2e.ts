import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// Dashboard figures after a simulator campaign (and a figure's link to its detail); the campaign
// calendar shows a scheduled campaign, a drag to another day reschedules it after confirmation
// (checked through the API), the keyboard menu refuses a day in the past with the API's reason.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

interface Campaign {
  id: string;
  status: string;
  scheduledLocal: string | null;
  scheduledAt: string | null;
  counts: { total: number; delivered: number };
}

const getCampaign = async (id: string) =>
  (await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${id}`, undefined, admin.token)).campaign;
/** YYYY-MM-DD of now + `days` (UTC: the browser and the campaigns use UTC here). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer({ TZ: 'UTC' });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  for (const [i, name] of ['Amina', 'Bruno', 'Chen', 'Dora', 'Emil'].entries()) {
    await api(server.baseUrl, 'POST', '/api/contacts', { phone: `+3361234570${i}`, firstName: name, tag1: 'north' }, admin.token);
  }
  await tuneSimulator(server.baseUrl, admin.token, FAST);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the dashboard shows the figures of a simulator campaign, and a figure opens its detail', async () => {
  // One contact opts out (bulk action); the campaign reaches the other four.
  const { data } = await api<{ data: Array<{ id: string; firstName: string }> }>(
    server.baseUrl,
    'GET',
    '/api/contacts?limit=10',
    undefined,
    admin.token,
  );
  const emil = data.find((c) => c.firstName === 'Emil');
  await api(server.baseUrl, 'POST', '/api/contacts/bulk', { action: 'optOut', target: { ids: [emil?.id] } }, admin.token);
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Dashboard drill', body: 'Drill today at 3pm' },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  await eventually(async () => {
    const now = await getCampaign(campaign.id);
    return now.status === 'completed' && now.counts.delivered === now.counts.total ? now.counts.total : -1;
  }).toBe(4);

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboard');
  await eventually(() => page.getByTestId('kpi-contacts').textContent()).toBe('5');
  expect(await page.getByTestId('kpi-opted-out').textContent()).toBe('1');
  await eventually(() => page.getByTestId('kpi-messages-today').textContent()).toBe('4');
  expect(await page.getByTestId('kpi-delivery-rate').textContent()).toBe('100%');
  expect(await page.getByTestId('kpi-response-rate').textContent()).toBe('0%');
  expect(await page.getByTestId('messages-window-summary').textContent()).toContain('4 messages from 1 campaign ·');
  // The chart's data table (for screen readers) holds the same figures.
  expect(await page.getByTestId('messages-chart').locator('table tr:has(th:text-is("Delivered"))').textContent()).toBe('Delivered4');
  expect(await page.getByTestId('opt-outs-chart').locator('table tr').count()).toBe(30);
  // Getting started stays while steps remain (a single account, no brand yet).
  await page.getByTestId('getting-started').waitFor();
  expect(await page.getByTestId('step-done').count()).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);

  // A figure links to its detail: opted-out contacts.
  await page.getByTestId('kpi-opted-out-link').click();
  await page.waitForURL((url) => url.pathname === '/contacts' && url.searchParams.get('status') === 'opted_out');
  await page.getByText('Emil').first().waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('an active campaign shows live on the dashboard and leaves "Sending now" when done, without a reload', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-active').getByText('Sending now: no campaign is sending.').waitFor();
  // One message a second, paused at once: it stays active while the page polls.
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Slow drip', body: 'One by one', rateLimit: 1 },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/pause`, undefined, admin.token);
  const live = page.getByTestId('dashboard-active').locator(`[data-campaign-id="${campaign.id}"]`);
  await live.waitFor({ timeout: 20_000 });
  await live.getByRole('progressbar', { name: /^Slow drip: \d of \d processed$/ }).waitFor();
  expect(await live.getByText('Paused').count()).toBe(1);
  // Resumed, it finishes; the poll removes it from the list and counts it in today's figures.
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/resume`, undefined, admin.token);
  await live.waitFor({ state: 'detached', timeout: 40_000 });
  const { messages } = await api<{ messages: { today: { counts: { total: number } } } }>(
    server.baseUrl,
    'GET',
    '/api/dashboard?timeZone=UTC',
    undefined,
    admin.token,
  );
  await eventually(() => page.getByTestId('kpi-messages-today').textContent(), 20_000).toBe(String(messages.today.counts.total));
  expect(problems).toEqual([]);
  await context.close();
});

test('the calendar shows a scheduled campaign; dragging it to another day reschedules it after confirmation', async () => {
  const scheduledDay = dayIn(2);
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Quarterly survey', body: 'Survey', scheduledLocal: `${scheduledDay}T10:30`, timeZone: 'UTC' },
    admin.token,
  );
  const launched = (
    await api<{ campaign: Campaign }>(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token)
  ).campaign;
  expect(launched.status).toBe('scheduled');

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/apps/calendar?view=week&date=${scheduledDay}`);
  const entry = page.locator(`[data-testid="calendar-entry"][data-campaign-id="${campaign.id}"]`);
  await entry.waitFor();
  expect(await entry.locator('xpath=ancestor::td').getAttribute('data-date')).toBe(scheduledDay);
  expect(await entry.getAttribute('data-status')).toBe('scheduled');
  expect(await entry.textContent()).toContain('10:30');
  expect(await seriousViolations(page)).toEqual([]);

  // The next day when it is in the same week, else the day before (both in the future).
  const next = dayIn(3);
  const target = (await page.locator(`[data-testid="calendar-day"][data-date="${next}"]`).count()) > 0 ? next : dayIn(1);
  await entry.dragTo(page.locator(`[data-testid="calendar-day"][data-date="${target}"]`));
  const dialog = page.getByTestId('move-dialog');
  await dialog.waitFor();
  // The date picker shows the day in the language's format (English: MM/DD/YYYY).
  const [year, month, day] = target.split('-');
  expect(await dialog.getByTestId('move-date').inputValue()).toBe(`${month}/${day}/${year}`);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => (await getCampaign(campaign.id)).scheduledLocal).toBe(`${target}T10:30`);
  expect((await getCampaign(campaign.id)).scheduledAt).toBe(`${target}T10:30:00.000Z`);
  await eventually(() => entry.locator('xpath=ancestor::td').getAttribute('data-date')).toBe(target);

  // The keyboard way: the entry's menu, "Move to date…", a day in the past: the API refuses it.
  await page.getByRole('button', { name: 'Actions for Quarterly survey' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move to date…' }).click();
  const [pastYear, pastMonth, pastDay] = dayIn(-1).split('-');
  await dialog.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(`${pastMonth}${pastDay}${pastYear}`);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await dialog.getByRole('alert').getByText('This time has already passed: choose a later day.').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await getCampaign(campaign.id)).scheduledLocal).toBe(`${target}T10:30`);
  // The one expected failure: the 422 of the refused move.
  expect(problems.filter((problem) => !problem.includes('422'))).toEqual([]);
  await context.close();
});

test('the month view shows each campaign with its time and whole name, on two lines when needed', async () => {
  const day = dayIn(4);
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Site safety check-in', body: 'Check in', scheduledLocal: `${day}T08:15`, timeZone: 'UTC' },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 1366, height: 768 });
  await useSession(context, admin);
  await page.goto(`/apps/calendar?view=month&date=${day}`);
  const entry = page.locator(`[data-testid="calendar-entry"][data-campaign-id="${campaign.id}"]`);
  await entry.waitFor();
  expect(await entry.getByTestId('calendar-entry-time').textContent()).toBe('8:15 AM');
  const name = entry.getByTestId('calendar-entry-name');
  expect(await name.textContent()).toBe('Site safety check-in');
  // At most two lines and nothing hidden: the whole name can be read in the cell.
  const box = await name.evaluate((node) => ({
    lines: Math.round(node.clientHeight / parseFloat(getComputedStyle(node).lineHeight)),
    hidden: node.scrollHeight > node.clientHeight + 1,
  }));
  expect(box.lines).toBeLessThanOrEqual(2);
  expect(box.hidden).toBe(false);
  // A longer name is cut after two lines; focus shows all of it, with the status and time.
  await entry.getByRole('link').focus();
  expect(await page.getByRole('tooltip').textContent()).toBe('Site safety check-in · Scheduled · 8:15 AM');
  expect(problems).toEqual([]);
  await context.close();
});

test('a role that may not edit campaigns sees the calendar without moving anything', async () => {
  await api(
    server.baseUrl,
    'POST',
    '/api/users/register',
    { name: 'Ana Agent', email: 'ana@example.org', password: 'Correct-Horse-42', role: 'agent' },
    admin.token,
  );
  const agent = await signInByApi(server.baseUrl, { name: 'Ana Agent', email: 'ana@example.org', password: 'Correct-Horse-42' });
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, agent);
  await page.goto(`/apps/calendar?view=week&date=${dayIn(2)}`);
  const entry = page.locator('[data-testid="calendar-entry"][data-status="scheduled"]').first();
  await entry.waitFor();
  expect(await entry.getAttribute('draggable')).toBe('false');
  await entry.getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Open the campaign' }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Move to date…' }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
