import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Budgets (decision 109): an administrator sets a monthly cap below what is already spent on the
// usage page; the budget checker pauses the sending campaign with BUDGET_REACHED, the integration
// API refuses a send with 402, the page says the budget is reached and shows the spend the API
// priced, and the campaign page says why it paused.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let keySecret = '';
let campaignId = '';

const PRICE = 0.05;
const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 50, receiptDelayMaxMs: 150, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

type Usage = { total: { messages: number; amount: number }; budget: { reached: boolean } };
const usage = () => api<Usage>(server.baseUrl, 'GET', '/api/usage?period=day', undefined, admin.token);
const campaign = async () =>
  (
    await api<{ campaign: { status: string; statusReason: { code: string } | null } }>(
      server.baseUrl,
      'GET',
      `/api/campaigns/${campaignId}`,
      undefined,
      admin.token,
    )
  ).campaign;
const apiSend = (to: string) =>
  fetch(`${server.baseUrl}/api/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keySecret}` },
    body: JSON.stringify({ to, body: 'Your code is 1234' }),
  });
/** Waits, outside a test (setup), until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await tuneSimulator(server.baseUrl, admin.token, FAST);
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { pricePerSegment: PRICE, currency: 'EUR' }, admin.token);
  for (let i = 0; i < 30; i++)
    await api(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: `+4474009${String(i).padStart(5, '0')}`, firstName: `Buyer ${i}` },
      admin.token,
    );
  keySecret = (
    await api<{ secret: string }>(
      server.baseUrl,
      'POST',
      '/api/api-keys',
      { name: 'Shop', scopes: ['messages:send'], rateLimit: 100 },
      admin.token,
    )
  ).secret;
  expect((await apiSend('+447400800001')).status).toBe(202);
  // A campaign sending one message a second: still sending when the cap is set.
  campaignId = (
    await api<{ campaign: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/campaigns',
      { name: 'Slow sale', body: 'Sale today', audience: { type: 'all' }, rateLimit: 1 },
      admin.token,
    )
  ).campaign.id;
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaignId}/launch`, undefined, admin.token);
  await until(async () => (await usage()).total.messages >= 3, 'a few messages to be sent');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a budget reached pauses the sending campaign, refuses an API send (402) and the spend page shows the priced total', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboards/ecommerce');
  await page.getByRole('heading', { level: 1, name: 'Usage and spend' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // The cap, below what is spent already.
  await page.getByTestId('budget-edit').click();
  await page.getByTestId('budget-cap').fill('0.1');
  await page.getByTestId('budget-save').click();
  await page.getByTestId('budget-reached').waitFor();

  // The checker (every 5 s) pauses the campaign with its reason; the API refuses sends.
  await eventually(async () => (await campaign()).status, 20_000).toBe('paused');
  expect((await campaign()).statusReason?.code).toBe('BUDGET_REACHED');
  const refused = await apiSend('+447400800002');
  expect(refused.status).toBe(402);
  expect(((await refused.json()) as { code: string }).code).toBe('BUDGET_REACHED');

  // Nothing more goes out: the page's spend is the API's, at the price table.
  const settled = await usage();
  expect(settled.budget.reached).toBe(true);
  expect(settled.total.amount).toBeCloseTo(settled.total.messages * PRICE, 8);
  const euros = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(settled.total.amount);
  await page.reload();
  await eventually(() => page.getByTestId('kpi-period-spend').textContent()).toContain(euros);
  await eventually(() => page.getByTestId('kpi-month-spent').textContent()).toContain(euros);
  await expect(page.getByTestId('usage-table').textContent()).resolves.toContain(euros);

  // The campaign page says why it paused, and that it goes on once the cap is raised and it is resumed.
  await page.goto(`/campaigns/${campaignId}`);
  await eventually(() =>
    page
      .getByText(/monthly budget/)
      .first()
      .isVisible(),
  ).toBe(true);
  expect(
    problems.filter((problem) => !/402/.test(problem)),
    problems.join('\n'),
  ).toEqual([]);
  await context.close();
}, 90_000);
