import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// Figures in one unit and screens that hide nothing (issue 37, decision 085): the bell counts the
// people who replied; a busy calendar day shows "+N more", which opens the day; a test send to a
// number with no contact warns about merge fields left empty and sends the fallbacks; the
// campaign page shows the message as a sample contact gets it.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

interface Campaign {
  id: string;
  status: string;
}

const createCampaign = async (body: Record<string, unknown>) =>
  (await api<{ campaign: Campaign }>(server.baseUrl, 'POST', '/api/campaigns', body, admin.token)).campaign;
const launch = async (id: string) =>
  (await api<{ campaign: Campaign }>(server.baseUrl, 'POST', `/api/campaigns/${id}/launch`, undefined, admin.token)).campaign;
/** YYYY-MM-DD of now + `days` (UTC: the server and the browser run in UTC here). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer({ TZ: 'UTC' });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const contacts = [
    { phone: '+254712345601', firstName: 'Amina', tag1: 'openday', customFields: { City: 'Nairobi' } },
    { phone: '+254712345602', firstName: 'Bruno', tag1: 'openday', customFields: { City: 'Mombasa' } },
    { phone: '+254712345603', firstName: 'Chen', tag1: 'openday', customFields: { City: 'Kisumu' } },
  ];
  for (const contact of contacts) await api(server.baseUrl, 'POST', '/api/contacts', contact, admin.token);
  await tuneSimulator(server.baseUrl, admin.token, FAST);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the bell counts the people who replied to a campaign', async () => {
  // Every delivered message is answered, about a second later.
  await tuneSimulator(server.baseUrl, admin.token, {
    ...FAST,
    replyRate: 1,
    replyDelayMinMs: 500,
    replyDelayMaxMs: 1_000,
    replyTexts: ['Yes'],
  });
  const campaign = await createCampaign({
    name: 'Open day invite',
    body: 'Join our open day on Saturday? Reply YES',
    audience: { type: 'filter', filter: { tag1: 'openday' } },
  });
  await launch(campaign.id);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboard');
  await eventually(() => page.getByTestId('notification-count').getAttribute('data-value').then(Number), 40_000).toBeGreaterThan(0);
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-replies');
  await eventually(() => item.textContent(), 30_000).toContain('3 people replied to Open day invite');
  await tuneSimulator(server.baseUrl, admin.token, FAST);
  // The campaign's own figure says the same.
  await page.goto(`/campaigns/${campaign.id}`);
  await eventually(() => page.getByTestId('campaign-replied').locator('dd').getAttribute('data-value')).toBe('3');
  // A send of a few seconds is charted per second, not as one per-minute point.
  await page.goto(`/reports/delivery/${campaign.id}`);
  await page.getByTestId('delivery-timeline').locator('svg').first().waitFor();
  expect(await page.getByText('Per second', { exact: true }).count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('a busy calendar day shows its first campaigns and "+N more", which opens the day with all of them', async () => {
  const day = dayIn(3);
  const names = ['Morning reminder', 'Midday survey', 'Evening results'];
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const campaign = await createCampaign({
      name,
      body: name,
      scheduledLocal: `${day}T${String(9 + i * 3).padStart(2, '0')}:00`,
      timeZone: 'UTC',
    });
    expect((await launch(campaign.id)).status).toBe('scheduled');
    ids.push(campaign.id);
  }
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/apps/calendar?date=${day}`);
  const cell = page.locator(`td[data-date="${day}"]`);
  await eventually(() => cell.getByTestId('calendar-entry').count()).toBe(2);
  // Each shown campaign has its time and its whole name.
  expect(await cell.getByTestId('calendar-entry-name').allTextContents()).toEqual(names.slice(0, 2));
  const more = cell.getByTestId('calendar-more');
  expect(await more.textContent()).toMatch(/^\+1 more, /);
  expect(await seriousViolations(page)).toEqual([]);
  await more.click();
  const dialog = page.getByTestId('calendar-day-dialog');
  await dialog.waitFor();
  expect(await dialog.getByTestId('calendar-entry-name').allTextContents()).toEqual(names);
  expect(
    await dialog.locator('[data-testid="calendar-entry"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-campaign-id'))),
  ).toEqual(ids);
  expect(await seriousViolations(page)).toEqual([]);
  // The third one opens from there.
  await dialog.getByRole('link', { name: /Evening results/ }).click();
  await page.waitForURL((url) => url.pathname === `/campaigns/${ids[2]}`);
  expect(problems).toEqual([]);
  await context.close();
});

test('a test send to a number with no contact warns about empty merge fields and sends the fallbacks', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('Open day test');
  await page.getByTestId('campaign-body').fill('Hi {{first_name|there}}, join our open day in {{City}} this Saturday');
  await page.getByRole('button', { name: 'Send a test' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
  const dialog = page.getByRole('dialog', { name: 'Send a test' });
  await dialog.getByTestId('test-phone').fill('+254799000111');
  // No contact: the field without a fallback is named; the preview shows what goes out.
  await eventually(() => dialog.getByTestId('test-send-empty-fields').textContent()).toContain('{{City}}');
  expect(await dialog.getByTestId('test-send-empty-fields').textContent()).not.toContain('first_name');
  expect(await dialog.getByTestId('test-send-preview').textContent()).toBe('Hi there, join our open day in  this Saturday');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await eventually(() => dialog.getByTestId('test-message-body').textContent()).toBe('Hi there, join our open day in  this Saturday');
  // A contact with a city: nothing left empty.
  await dialog.getByRole('combobox', { name: 'Fill merge fields from (optional)' }).fill('Amina');
  await page.getByRole('option').filter({ hasText: 'Amina' }).first().click();
  await eventually(() => dialog.getByTestId('test-send-preview').textContent()).toBe(
    'Hi Amina, join our open day in Nairobi this Saturday',
  );
  expect(await dialog.getByTestId('test-send-empty-fields').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('the campaign page shows the message as a sample contact of its audience gets it, and the text as written', async () => {
  await api(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+254712345609', firstName: 'Dora', tag1: 'sample', customFields: { City: 'Nakuru' } },
    admin.token,
  );
  const body = 'Hi {{first_name}}, join our open day in {{City|your town}} this Saturday';
  const campaign = await createCampaign({ name: 'Sampled', body, audience: { type: 'filter', filter: { tag1: 'sample' } } });
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/campaigns/${campaign.id}`);
  await eventually(() => page.getByTestId('campaign-sample-for').textContent()).toBe('As Dora (+254712345609) gets it');
  expect(await page.getByTestId('campaign-body-sample').textContent()).toBe('Hi Dora, join our open day in Nakuru this Saturday');
  expect(await page.getByTestId('campaign-body-text').textContent()).toBe(body);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
