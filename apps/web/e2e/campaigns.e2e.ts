import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 5, browser part: a manager composes a campaign (the counter switches to UCS-2 on an
// emoji), targets tag1, sends it now on the simulator and watches it complete; pauses and
// resumes a slow one; cancels a scheduled one; the admin edits and tests the simulator gateway.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const SIMULATOR_ID = '00000000-0000-4000-8000-000000000001';
interface Gateway {
  id: string;
  config: Record<string, unknown>;
}
interface Campaign {
  id: string;
  status: string;
  counts: { total: number; queued: number; sending: number; sent: number; delivered: number; undelivered: number; failed: number };
}

const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 50, receiptDelayMaxMs: 200, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const contacts = [
    ['+33612345601', 'Camille', 'north'],
    ['+33612345602', 'Louis', 'north'],
    ['+33612345603', 'Inès', 'north'],
    ['+33612345604', 'Hugo', 'south'],
    ['+33612345605', 'Léa', 'south'],
    ['+33612345606', 'Jules', 'south'],
  ];
  for (const [phone, firstName, tag1] of contacts)
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, tag1 }, admin.token);
  await tuneSimulator(server.baseUrl, admin.token, FAST);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Polls until the value matches; sending takes a few seconds on the simulator. */
const campaignStatus = (page: Page) => page.getByTestId('campaign-progress').getByTestId('campaign-status').getAttribute('data-status');

test('compose for tag1, see UCS-2 on an emoji, send now on the simulator and watch it complete', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).first().click();
  await page.waitForURL(/\/campaigns\/new$/);

  await page.getByLabel('Campaign name').fill('North check-in');
  const body = page.getByTestId('campaign-body');
  await body.fill('Hello {{first_name|there}}, are you safe? Reply YES or NO');
  await eventually(() => page.getByTestId('sms-encoding').textContent()).toBe('GSM-7');
  await body.press('End');
  await body.pressSequentially(' 🙂');
  await eventually(() => page.getByTestId('sms-encoding').textContent()).toBe('UCS-2');
  await eventually(() => page.getByTestId('encoding-notice').textContent()).toContain('🙂');
  // Drawn as users see it, with a colour emoji font (CI installs one), not as an empty box.
  const colouredEmoji = await page.getByTestId('encoding-notice').evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 48;
    const drawing = canvas.getContext('2d');
    if (!drawing) return false;
    drawing.font = `32px ${getComputedStyle(element).fontFamily}`;
    drawing.textBaseline = 'top';
    drawing.fillText('🙂', 4, 4);
    const pixels = drawing.getImageData(0, 0, 48, 48).data;
    for (let index = 0; index < pixels.length; index += 4) {
      const [red = 0, green = 0, blue = 0, alpha = 0] = pixels.slice(index, index + 4);
      if (alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 60) return true;
    }
    return false;
  });
  expect(colouredEmoji).toBe(true);
  // A malformed tag is flagged, and removing it clears the warning.
  await body.pressSequentially(' {{tag1');
  await eventually(() => page.getByTestId('template-problems').count()).toBe(1);
  for (let index = 0; index < 7; index++) await body.press('Backspace');
  await eventually(() => page.getByTestId('template-problems').count()).toBe(0);

  // Audience: tag1 = north (three contacts), counted live.
  await page.getByRole('radio', { name: 'Contacts matching a filter' }).check();
  await page.getByTestId('audience-section').getByRole('combobox', { name: 'Tag 1' }).fill('north');
  await eventually(() => page.getByTestId('audience-count').getAttribute('data-value')).toBe('3');
  await eventually(() => page.getByTestId('message-preview-text').textContent()).toMatch(/^Hello (Camille|Louis|Inès), are you safe/);
  await eventually(() => page.getByTestId('estimate-total').textContent()).toBe('3');

  // Send now: the confirmation states recipients and SMS parts.
  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('dialog');
  await eventually(() => dialog.getByTestId('launch-recipients').textContent()).toBe('3');
  expect(await dialog.getByTestId('launch-segments').textContent()).toBe('1');
  expect(await dialog.getByTestId('launch-total').textContent()).toBe('3');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';

  // Live progress until every message is delivered.
  await eventually(() => campaignStatus(page), 45_000).toBe('completed');
  await eventually(() => page.getByTestId('count-delivered').locator('dd').getAttribute('data-value')).toBe('3');
  const { campaign } = await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${id}`, undefined, admin.token);
  expect(campaign.counts).toMatchObject({ total: 3, delivered: 3 });
  // Follow-up links lead to the campaign's reports.
  expect(await page.getByRole('link', { name: 'Non-responders' }).getAttribute('href')).toBe(`/reports/non-responders/${id}`);

  // The list shows it completed, and finds it by name.
  await page.goto('/campaigns?search=North');
  await eventually(() =>
    page
      .getByRole('row', { name: /North check-in/ })
      .getByTestId('campaign-status')
      .getAttribute('data-status'),
  ).toBe('completed');
  expect(problems).toEqual([]);
  await context.close();
});

test('a test message goes to one number, merge fields filled from a chosen contact, and is not counted in the campaign', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('Tried first');
  await page.getByTestId('campaign-body').fill('Hello {{first_name|there}}, drill at 3pm');
  // A new campaign is saved as a draft first; the dialog (downloaded on demand) then opens on it.
  await page.getByRole('button', { name: 'Send a test' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
  const dialog = page.getByRole('dialog', { name: 'Send a test' });
  await dialog.getByTestId('test-phone').fill('+33612345699');
  await dialog.getByRole('combobox', { name: 'Fill merge fields from (optional)' }).fill('Hugo');
  await page.getByRole('option').filter({ hasText: 'Hugo' }).first().click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await eventually(() => dialog.getByTestId('test-message-body').textContent()).toBe('Hello Hugo, drill at 3pm');
  await eventually(() => dialog.getByTestId('test-message-status').getAttribute('data-status'), 20_000).toBe('delivered');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  const id = new URL(page.url()).pathname.split('/').at(-2) ?? '';
  const { campaign } = await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${id}`, undefined, admin.token);
  expect(campaign).toMatchObject({ status: 'draft', counts: { total: 0 } });
  expect(problems).toEqual([]);
  await context.close();
});

test('pause and resume a campaign that is sending slowly', async () => {
  await tuneSimulator(server.baseUrl, admin.token, { acceptPerSecond: 1 });
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Slow broadcast', body: 'Outage notice: power is back at 18:00.' },
    admin.token,
  );
  // Sending lasts about six seconds (six messages at one a second): the page is loaded before the
  // launch, so that a slow first load (a busy host) cannot take the whole window.
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole('heading', { name: 'Slow broadcast' }).waitFor();
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  await page.reload();
  await eventually(() => campaignStatus(page)).toBe('sending');
  await page.getByRole('button', { name: 'Pause' }).click();
  await eventually(() => campaignStatus(page)).toBe('paused');
  const paused = await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${campaign.id}`, undefined, admin.token);
  expect(paused.campaign.status).toBe('paused');
  const { counts } = paused.campaign;
  expect(counts.sent + counts.delivered + counts.undelivered + counts.failed).toBeLessThan(counts.total);

  await tuneSimulator(server.baseUrl, admin.token, FAST);
  await page.getByRole('button', { name: 'Resume' }).click();
  await eventually(() => campaignStatus(page), 45_000).toBe('completed');
  await eventually(() => page.getByTestId('count-delivered').locator('dd').getAttribute('data-value')).toBe('6');
  expect(problems).toEqual([]);
  await context.close();
});

test('schedule a campaign for later in a time zone, then cancel it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('New year greeting');
  await page.getByTestId('campaign-body').fill('Happy new year!');
  await eventually(() => page.getByTestId('audience-count').getAttribute('data-value')).toBe('6');
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  // The date picker comes when its field is first wanted; a click leaves the focus in its first
  // section. Its sections (month, day, year, hours, minutes in English) take typed digits.
  await page.getByLabel('Date and time').click();
  const month = page.getByRole('spinbutton', { name: 'Month' }).first();
  await eventually(() => month.evaluate((node) => node === document.activeElement)).toBe(true);
  await page.keyboard.type(`0101${new Date().getUTCFullYear() + 1}0900`);
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Par');
  await page.getByRole('option', { name: /Europe\/Paris/ }).click();
  await eventually(() => page.getByTestId('schedule-local').count()).toBe(1);

  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await eventually(() => dialog.textContent()).toContain('Europe/Paris');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await eventually(() => campaignStatus(page)).toBe('scheduled');
  const id = page.url().split('/').pop() ?? '';
  const { campaign } = await api<{ campaign: Campaign & { scheduledLocal: string; timeZone: string } }>(
    server.baseUrl,
    'GET',
    `/api/campaigns/${id}`,
    undefined,
    admin.token,
  );
  expect(campaign).toMatchObject({ status: 'scheduled', timeZone: 'Europe/Paris' });
  expect(campaign.scheduledLocal.slice(0, 16)).toMatch(/-01-01T09:00$/);

  await page.getByRole('button', { name: 'Cancel campaign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await eventually(() => campaignStatus(page)).toBe('cancelled');
  expect(problems).toEqual([]);
  await context.close();
});

test('the admin edits the simulator gateway and tests its connection', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=gateways');
  const row = page.locator('[data-testid="gateway-row"][data-kind="simulator"]').first();
  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Replies').fill('45');
  await dialog.getByLabel('Messages accepted per second').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The form refuses 0 with the shared rule, translated.
  await eventually(() => dialog.textContent()).toContain('Enter 1 or more.');
  await dialog.getByLabel('Messages accepted per second').fill('400');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await eventually(() => dialog.count()).toBe(0);
  const { gateway } = await api<{ gateway: Gateway }>(server.baseUrl, 'GET', `/api/gateways/${SIMULATOR_ID}`, undefined, admin.token);
  expect(gateway.config).toMatchObject({ replyRate: 0.45, acceptPerSecond: 400 });

  await row.getByRole('button', { name: /^Test the connection/ }).click();
  await eventually(() => page.getByTestId('gateway-test-result').textContent()).toContain('connection works');
  expect(problems).toEqual([]);
  await context.close();
});

test("delete: a draft from the list; a draft scheduled meanwhile keeps the server's reason in the dialog; a gateway", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const create = (name: string, scheduledLocal: string | null = null) =>
    api<{ campaign: Campaign }>(
      server.baseUrl,
      'POST',
      '/api/campaigns',
      { name, body: 'Soon.', scheduledLocal, timeZone: 'UTC' },
      admin.token,
    ).then((answer) => answer.campaign);
  const doomed = await create('Doomed draft');
  const kept = await create('Kept draft', `${new Date().getUTCFullYear() + 1}-03-01T09:00`);

  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Delete Doomed draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
  expect(await dialog.locator('strong').textContent()).toBe('Doomed draft');
  await dialog.getByRole('button', { name: 'Delete draft' }).click();
  await eventually(() => page.getByText('Draft deleted.', { exact: true }).count()).toBe(1);
  await eventually(() => page.getByRole('row', { name: /Doomed draft/ }).count()).toBe(0);
  expect(
    await fetch(`${server.baseUrl}/api/campaigns/${doomed.id}`, { headers: { authorization: `Bearer ${admin.token}` } }).then(
      (answer) => answer.status,
    ),
  ).toBe(404);

  // Scheduled by someone else while the dialog is open: the refusal stays in the dialog.
  await page.getByRole('button', { name: 'Delete Kept draft' }).click();
  await dialog.waitFor();
  await api(server.baseUrl, 'POST', `/api/campaigns/${kept.id}/launch`, undefined, admin.token);
  await dialog.getByRole('button', { name: 'Delete draft' }).click();
  await eventually(() => dialog.textContent()).toContain('Only drafts can be deleted; this campaign is scheduled');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(
    (await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${kept.id}`, undefined, admin.token)).campaign.status,
  ).toBe('scheduled');
  await api(server.baseUrl, 'POST', `/api/campaigns/${kept.id}/cancel`, undefined, admin.token);

  // A gateway that is not the default.
  await api(server.baseUrl, 'POST', '/api/gateways', { name: 'Spare simulator', kind: 'simulator' }, admin.token);
  await page.goto('/configurations?tab=gateways');
  await page.getByRole('button', { name: 'Delete Spare simulator' }).click();
  const gatewayDialog = page.getByRole('dialog', { name: 'Delete this gateway?' });
  expect(await gatewayDialog.locator('strong').textContent()).toBe('Spare simulator');
  await gatewayDialog.getByRole('button', { name: 'Delete gateway' }).click();
  await eventually(() => page.getByText('Spare simulator deleted.', { exact: true }).count()).toBe(1);
  const gateways = await api<{ data: Array<Gateway & { name: string }> }>(server.baseUrl, 'GET', '/api/gateways', undefined, admin.token);
  expect(gateways.data.map((gateway) => gateway.name)).not.toContain('Spare simulator');
  expect(problems).toEqual([]);
  await context.close();
});

test("a list that fails to load shows the server's reason and loads on Try again", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await api(server.baseUrl, 'POST', '/api/campaigns', { name: 'Survives an outage', body: 'Hi' }, admin.token);
  // The list request (and the client's one automatic retry) meets a busy server.
  const busy = (route: Route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The database is busy', code: 'BUSY' }),
    });
  const campaignsList = (url: URL) => url.pathname === '/api/campaigns';
  await page.route(campaignsList, busy);
  await page.goto('/campaigns');
  const alert = page.getByRole('alert').filter({ hasText: 'The database is busy (Code: BUSY)' });
  await alert.waitFor();
  // No empty state under the error: the list is not known to be empty.
  expect(await page.getByTestId('campaigns-empty').count()).toBe(0);
  await page.unroute(campaignsList, busy);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await eventually(() => page.getByRole('row', { name: /Survives an outage/ }).count()).toBe(1);
  expect(await alert.count()).toBe(0);
  expect(problems.filter((problem) => !/status of 503/.test(problem))).toEqual([]);
  await context.close();
});

test('roles: an agent reads campaigns without changing them, a manager reads gateways and messaging settings', async () => {
  const AGENT = { name: 'Alex Agent', email: 'alex@example.org', password: 'Agent-Pass-2024' };
  const MANAGER = { name: 'Mia Manager', email: 'mia@example.org', password: 'Manager-Pass-2024' };
  await api(server.baseUrl, 'POST', '/api/users/register', { ...AGENT, role: 'agent' }, admin.token);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...MANAGER, role: 'manager' }, admin.token);
  const { data } = await api<{ data: Campaign[] }>(server.baseUrl, 'GET', '/api/campaigns?status=completed', undefined, admin.token);
  const completed = data[0];
  if (!completed) throw new Error('no completed campaign');

  const agent = await openPage(browser, server.baseUrl);
  await useSession(agent.context, await signInByApi(server.baseUrl, AGENT));
  await agent.page.goto('/campaigns');
  await eventually(() => agent.page.getByRole('row', { name: /North check-in/ }).count()).toBe(1);
  expect(await agent.page.getByRole('link', { name: 'New campaign' }).count()).toBe(0);
  await agent.page.goto(`/campaigns/${completed.id}`);
  await eventually(() => campaignStatus(agent.page)).toBe('completed');
  expect(await agent.page.getByRole('button', { name: 'Duplicate' }).count()).toBe(0);
  await agent.page.goto('/campaigns/new');
  await eventually(() => agent.page.getByRole('heading', { name: 'No access' }).count()).toBe(1);
  expect(agent.problems).toEqual([]);
  await agent.context.close();

  const manager = await openPage(browser, server.baseUrl);
  await useSession(manager.context, await signInByApi(server.baseUrl, MANAGER));
  await manager.page.goto('/configurations?tab=gateways');
  await eventually(() => manager.page.locator('[data-testid="gateway-row"][data-kind="simulator"]').count()).toBe(1);
  expect(await manager.page.getByRole('button', { name: 'Add gateway' }).count()).toBe(0);
  expect(await manager.page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
  await manager.page.getByRole('tab', { name: 'Messaging' }).click();
  await eventually(() => manager.page.getByText('Only administrators can change these settings.').count()).toBe(1);
  expect(manager.problems).toEqual([]);
  await manager.context.close();
});

test('the price table (currency, default and country prices) is what the composer estimate uses', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=messaging');
  await page.getByLabel('Price per SMS part (GSM-7)', { exact: true }).fill('0.5');
  await page.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await page.getByTestId('messaging-form').getByRole('button', { name: 'Save' }).click();
  await eventually(() => page.getByText('Messaging settings saved.').count()).toBe(1);
  // France costs otherwise: 0.25 a plain part, 0.40 a Unicode one.
  const prices = page.getByTestId('country-prices-form');
  await prices.getByRole('button', { name: 'Add a country' }).click();
  await prices.getByRole('combobox', { name: 'Destination country' }).fill('France');
  await page.getByRole('option', { name: 'France (FR)' }).click();
  await prices.getByLabel('GSM-7 price per part').fill('0,25');
  await prices.getByLabel('UCS-2 price per part').fill('0.4');
  await prices.getByRole('button', { name: 'Save' }).click();
  await eventually(() => page.getByText('Country prices saved.').count()).toBe(1);
  const { settings } = await api<{ settings: { currency: string; pricePerSegment: number; countryPrices: unknown[] } }>(
    server.baseUrl,
    'GET',
    '/api/settings/messaging',
    undefined,
    admin.token,
  );
  expect(settings).toMatchObject({ currency: 'EUR', pricePerSegment: 0.5, countryPrices: [{ country: 'FR', gsm7: 0.25, ucs2: 0.4 }] });

  // The staff pricing page lists the row by the country's name.
  await page.goto('/pages/pricing');
  const row = page.getByTestId('country-prices').getByRole('row', { name: /France/ });
  await eventually(() => row.textContent()).toBe('France€0.25€0.40');

  await page.goto('/campaigns/new');
  await page.getByTestId('campaign-body').fill('Short notice');
  // Six active contacts, all in France, x one part x 0.25 (the table's figure for France).
  await eventually(() => page.getByTestId('estimate-cost').textContent()).toBe('€1.50');
  expect(await page.getByTestId('estimate-price').textContent()).toBe('€0.25');
  // An emoji makes it Unicode: France's UCS-2 price.
  await page.getByTestId('campaign-body').fill('Short notice 🎉');
  await eventually(() => page.getByTestId('estimate-cost').textContent()).toBe('€2.40');
  await page.getByTestId('campaign-body').fill('Short notice');
  // The simulated gateway's pace is known: a duration and a finish time, not "Depends on the gateway".
  expect(await page.getByTestId('estimate-duration').textContent()).toMatch(/^\d+ (sec|min)/);
  expect(await page.getByTestId('campaign-estimates').textContent()).not.toContain('Depends on the gateway');
  expect(problems).toEqual([]);
  await context.close();
});

test('axe finds no serious violations in the composer', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns/new');
  await page.getByTestId('campaign-body').fill('Hi {{first_name}} 🙂 {{tag1');
  await page.getByRole('radio', { name: 'Contacts matching a filter' }).check();
  await eventually(() => page.getByTestId('audience-count').count()).toBe(1);
  await eventually(() => page.getByTestId('template-problems').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
