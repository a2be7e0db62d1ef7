import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { eventually, expectNoSidewaysScroll } from './support/eventually.ts';
import { gridOverflow } from './support/grid-fit.ts';
import { axeBuilder, seriousViolations, transitionsEnded } from './support/axe.ts';

// Issue 6, browser part: a campaign to contacts with tag1 values runs on the simulator; replies
// come in; the reports list, the delivery numbers, the tag1 groups with their reply words and
// drill-down, the non-responders and the follow-up draft opening in the composer are checked in
// the browser, with an axe audit of each report and the Arabic (right-to-left) delivery report.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let campaignId = '';
let rejectedId = '';

const SIMULATOR_ID = '00000000-0000-4000-8000-000000000001';
const CAMPAIGN_NAME = 'Safety check';
const REJECTED_NAME = 'Rejected run';
const BODY = 'Are you safe after the storm? Reply YES or NO';

// [phone, first name, tag1, reply]: north 4 (YES, YES, NO, -), south 3 (YES, -, -), no tag1 2 (Maybe, -).
const CONTACTS: Array<[string, string, string, string | null]> = [
  ['+33612340001', 'Nora', 'north', 'YES'],
  ['+33612340002', 'Nils', 'north', 'yes!'],
  ['+33612340003', 'Noah', 'north', 'No thanks'],
  ['+33612340004', 'Nina', 'north', null],
  ['+33612340005', 'Sami', 'south', 'Yes'],
  ['+33612340006', 'Sara', 'south', null],
  ['+33612340007', 'Sven', 'south', null],
  ['+33612340008', 'Zoé', '', 'Maybe later'],
  ['+33612340009', 'Zack', '', null],
];

interface Gateway {
  id: string;
  config: Record<string, unknown>;
}
interface Campaign {
  id: string;
  name: string;
  status: string;
  body: string;
  audience: { type: string; campaignId?: string; tag1?: string[] };
}

/** Polls until the value matches. */

/** Set-up polling outside a test (expect.poll needs one): resolves once `read()` returns `expected`, every 250 ms. */
async function waitForValue<T>(read: () => Promise<T>, expected: T, timeout = 45_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`still ${String(last)} after ${timeout} ms, expected ${String(expected)}`);
}

/** Serious and critical axe violations, as readable one-liners. */

/**
 * Replies arrive the way a carrier delivers them: a signed Twilio "message comes in" webhook over
 * HTTP (the simulator's own replies are random). Reply matching is by contact, whatever the
 * gateway, so they answer the campaign sent on the simulator.
 */
async function receiveReplies(replies: Array<[from: string, body: string]>): Promise<void> {
  const authToken = randomBytes(16).toString('hex');
  const { gateway } = await api<{ gateway: Gateway }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    {
      name: 'Inbound replies',
      kind: 'twilio',
      config: { accountSid: `AC${'0'.repeat(32)}`, from: '+14155550100' },
      secrets: { authToken },
    },
    admin.token,
  );
  const url = `${server.baseUrl}/api/gateways/twilio/${gateway.id}/inbound`;
  for (const [from, body] of replies) {
    const form: Record<string, string> = {
      AccountSid: `AC${'0'.repeat(32)}`,
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: from,
      To: '+14155550100',
      Body: body,
      NumMedia: '0',
    };
    const signed =
      url +
      Object.keys(form)
        .sort()
        .map((name) => name + form[name])
        .join('');
    const signature = createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(form).toString(),
    });
    if (response.status !== 200) throw new Error(`inbound webhook -> ${response.status}: ${await response.text()}`);
  }
}

beforeAll(async () => {
  // Twilio's address on a closed loopback port: nothing is ever sent to the internet.
  server = await startServer({ TWILIO_API_BASE_URL: 'http://127.0.0.1:9' });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  for (const [phone, firstName, tag1] of CONTACTS)
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, ...(tag1 ? { tag1 } : {}) }, admin.token);
  const { gateway } = await api<{ gateway: Gateway }>(server.baseUrl, 'GET', `/api/gateways/${SIMULATOR_ID}`, undefined, admin.token);
  const fast = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, failureRate: 0, undeliveredRate: 0, replyRate: 0 };
  await api(server.baseUrl, 'PUT', `/api/gateways/${SIMULATOR_ID}`, { config: { ...gateway.config, ...fast } }, admin.token);

  // First a run through a second simulator that rejects everything (SIM_REJECTED), for the errors.
  const rejecting = await api<{ gateway: Gateway }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    { name: 'Rejecting carrier', kind: 'simulator', config: { ...gateway.config, ...fast, failureRate: 1 } },
    admin.token,
  );
  const rejected = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: REJECTED_NAME, body: 'Test run', gatewayId: rejecting.gateway.id },
    admin.token,
  );
  rejectedId = rejected.campaign.id;
  await api(server.baseUrl, 'POST', `/api/campaigns/${rejectedId}/launch`, undefined, admin.token);
  await waitForValue(
    async () =>
      (await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${rejectedId}`, undefined, admin.token)).campaign.status,
    'completed',
  );

  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: CAMPAIGN_NAME, body: BODY },
    admin.token,
  );
  campaignId = campaign.id;
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaignId}/launch`, undefined, admin.token);
  await waitForValue(
    async () =>
      (await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${campaignId}`, undefined, admin.token)).campaign.status,
    'completed',
  );

  await receiveReplies(CONTACTS.filter(([, , , reply]) => reply !== null).map(([phone, , , reply]) => [phone, reply ?? '']));
  await waitForValue(
    async () =>
      (await api<{ totals: { replied: number } }>(server.baseUrl, 'GET', `/api/reports/tag1-grouped/${campaignId}`, undefined, admin.token))
        .totals.replied,
    5,
    15_000,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the reports list shows the campaign with its figures, finds it, and leads to its reports', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  const row = page.getByRole('row', { name: new RegExp(CAMPAIGN_NAME) });
  await eventually(() => row.locator('[data-field="recipients"]').textContent()).toBe('9');
  expect(await row.locator('[data-field="deliveredPct"]').textContent()).toBe('100%');
  // 5 of 9 replied: 55.6%.
  expect(await row.locator('[data-field="repliedPct"]').textContent()).toBe('55.6%');
  expect(await row.locator('[data-field="failed"]').textContent()).toBe('0');

  // Search (debounced) narrows the list; a name that matches nothing shows the empty state.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('no such campaign');
  await eventually(() => page.getByTestId('reports-empty').count()).toBe(1);
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('Safety');
  await eventually(() => row.count()).toBe(1);
  expect(await page.getByTestId('export-csv').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Row actions open each report.
  await row.getByLabel(`Replies by group (tag1) report of ${CAMPAIGN_NAME}`).click();
  await page.waitForURL(`**/reports/tag1-grouped/${campaignId}`);
  // Back on the list, the search is still there (kept in the URL).
  await page.goBack();
  expect(page.url()).toContain('search=Safety');
  expect(await page.getByRole('searchbox', { name: 'Search campaigns' }).inputValue()).toBe('Safety');
  await row.getByRole('link', { name: CAMPAIGN_NAME }).click();
  await page.waitForURL(`**/reports/delivery/${campaignId}`);
  expect(problems).toEqual([]);
  await context.close();
});

test('the delivery report counts every status, charts the timeline and lists each recipient with the reply', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/reports/delivery/${campaignId}`);
  await page.getByRole('heading', { level: 1, name: `Delivery: ${CAMPAIGN_NAME}` }).waitFor();
  const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('dd');
  await eventually(() => figure('recipients').getAttribute('data-value')).toBe('9');
  expect(await figure('delivered').getAttribute('data-value')).toBe('9');
  expect(await figure('delivered').locator('[data-pct]').textContent()).toBe('100%');
  expect(await figure('failed').getAttribute('data-value')).toBe('0');
  expect(await figure('replied').getAttribute('data-value')).toBe('5');
  expect(await page.getByTestId('report-campaign-status').getAttribute('data-status')).toBe('completed');
  await page.getByTestId('delivery-timeline').locator('svg').first().waitFor();
  expect(await page.getByTestId('errors-empty').count()).toBe(1);

  // Every recipient is listed; the search finds one by name with the reply received.
  const grid = page.getByTestId('recipients-grid');
  await eventually(() => grid.locator('[data-row]').count()).toBe(9);
  // Every column and every date fits the card on a laptop screen: no sideways scrolling, nothing cut.
  expect(await gridOverflow(grid)).toEqual({ pastEdge: [], cutCells: [] });
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill('Noah');
  await eventually(() => grid.locator('[data-row]').count()).toBe(1);
  expect(await grid.getByTestId('reply-text').textContent()).toBe('No thanks');
  expect(await grid.locator('[data-field="phone"] bdi').getAttribute('dir')).toBe('ltr');
  // The status filter: nobody is undelivered.
  await page.getByRole('searchbox', { name: 'Search recipients' }).fill('');
  await page.getByRole('combobox', { name: 'Message status' }).click();
  await page.getByRole('option', { name: 'Undelivered' }).click();
  await page.keyboard.press('Escape');
  await eventually(() => page.getByTestId('recipients-empty').count()).toBe(1);

  // Links to the other reports and the campaign.
  const nav = page.getByRole('navigation', { name: 'Reports of this campaign' });
  expect(await nav.getByRole('link', { name: 'Non-responders' }).getAttribute('href')).toBe(`/reports/non-responders/${campaignId}`);
  expect(await nav.getByRole('link', { name: 'Open the campaign' }).getAttribute('href')).toBe(`/campaigns/${campaignId}`);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the tag1 report groups recipients and reply words, and a figure opens the recipients behind it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/reports/tag1-grouped/${campaignId}`);
  await page.getByTestId('tag1-table').waitFor();
  // Largest group first; contacts without tag1 are '(none)'.
  expect(await page.getByTestId('tag1-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tag1')))).toEqual([
    'north',
    'south',
    '',
  ]);
  const north = page.locator('[data-testid="tag1-row"][data-tag1="north"]');
  expect(await north.getByTestId('cell-recipients').textContent()).toBe('4');
  expect(await north.getByTestId('cell-replied').textContent()).toBe('3');
  expect(await north.getByTestId('cell-notReplied').textContent()).toBe('1');
  expect(await north.getByTestId('cell-responseRate').textContent()).toBe('75%');
  expect((await north.getByTestId('cell-words').textContent())?.replace(/\s+/g, ' ').trim()).toBe('YES 2 · NO 1');
  const none = page.locator('[data-testid="tag1-row"][data-tag1=""]');
  expect(await none.locator('th').textContent()).toBe('(none)');
  expect((await none.getByTestId('cell-words').textContent())?.trim()).toBe('MAYBE 1');
  expect(await page.getByTestId('tag1-totals').locator('td').first().textContent()).toBe('9');
  await page.getByTestId('tag1-chart').locator('svg').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // Issue 18, defect 1: in the chart (its one tab stop), the arrow keys move from bar to bar and the bar reached shows its value.
  const focusable = page.getByTestId('tag1-chart').locator('[tabindex="0"]').first();
  await focusable.focus();
  await page.keyboard.press('ArrowRight');
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  // The first group (north) and the count of its first series (YES: 2).
  expect(await tooltip.textContent()).toMatch(/north/);
  expect(await tooltip.textContent()).toMatch(/YES\s*2/);
  await page.keyboard.press('Escape');

  // Issue 18, defect 4: on a 390 px phone the groups are cards with every count, within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await eventually(() => page.getByTestId('tag1-cards').getByTestId('list-card').count()).toBe(3);
  expect(await page.getByTestId('tag1-table').count()).toBe(0);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByTestId('tag1-table').waitFor();

  // The CSV export downloads the same groups (through the authenticated client).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('tag1');
  expect(csv).toMatch(/north,4,/);

  // The YES word of north: Nora and Nils.
  await north.locator('[data-word="YES"]').click();
  const drawer = page.getByTestId('recipients-drawer');
  await eventually(() => drawer.getByTestId('drill-total').getAttribute('data-value')).toBe('2');
  await eventually(() => drawer.locator('[data-row]').count()).toBe(2);
  expect((await drawer.locator('[data-row] [data-field="name"]').allTextContents()).sort()).toEqual(['Nils', 'Nora']);
  await drawer.getByRole('button', { name: 'Close' }).click();
  // The not-replied count of south: Sara and Sven.
  await page.locator('[data-testid="tag1-row"][data-tag1="south"]').getByTestId('cell-notReplied').click();
  await eventually(() => drawer.getByTestId('drill-total').getAttribute('data-value')).toBe('2');
  await eventually(async () => (await drawer.locator('[data-row] [data-field="name"]').allTextContents()).sort()).toEqual(['Sara', 'Sven']);
  expect(problems).toEqual([]);
  await context.close();
});

test('non-responders: filter by tag1, then follow up south in a draft that opens in the composer with the original text', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/reports/non-responders/${campaignId}`);
  await eventually(() => page.getByTestId('non-responders-total').getAttribute('data-value')).toBe('4');
  expect(await page.getByTestId('window-open').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Tag 1' }).click();
  await page.getByRole('option', { name: /^south/ }).click();
  await page.keyboard.press('Escape');
  await eventually(() => page.getByTestId('non-responders-total').getAttribute('data-value')).toBe('2');
  await eventually(async () =>
    (await page.getByTestId('non-responders-grid').locator('[data-row] [data-field="name"]').allTextContents()).sort(),
  ).toEqual(['Sara', 'Sven']);

  await page.getByRole('button', { name: 'Follow up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow up non-responders' });
  expect(await dialog.getByRole('radio', { name: 'Only some tag 1 values' }).isChecked()).toBe(true);
  await eventually(() => dialog.getByTestId('follow-up-count').getAttribute('data-value')).toBe('2');
  expect(await dialog.getByLabel('Campaign name').inputValue()).toBe(`Follow-up: ${CAMPAIGN_NAME}`);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
  const draftId = page.url().split('/').at(-2) ?? '';
  await eventually(() => page.getByTestId('campaign-body').inputValue()).toBe(BODY);

  const { campaign } = await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${draftId}`, undefined, admin.token);
  expect(campaign).toMatchObject({ name: `Follow-up: ${CAMPAIGN_NAME}`, status: 'draft', body: BODY });
  expect(campaign.audience).toMatchObject({ type: 'non_responders', campaignId, tag1: ['south'] });
  expect(problems).toEqual([]);
  await context.close();
});

test('top errors: a rejected run lists its error code, and choosing it filters the recipients', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/reports/delivery/${rejectedId}`);
  await eventually(() => page.getByTestId('figure-failed').locator('dd').getAttribute('data-value')).toBe('9');
  const error = page.getByTestId('top-errors').getByRole('button', { name: /SIM_REJECTED/ });
  expect(await error.textContent()).toContain('9');
  await error.click();
  expect(await error.getAttribute('aria-pressed')).toBe('true');
  await eventually(() => page.getByTestId('error-filter').getByRole('combobox').textContent()).toBe('SIM_REJECTED');
  const grid = page.getByTestId('recipients-grid');
  await eventually(async () => new Set(await grid.locator('[data-row] [data-field="errorCode"]').allTextContents())).toEqual(
    new Set(['SIM_REJECTED']),
  );
  expect(await grid.locator('[data-row]').count()).toBe(9);
  // Nobody replied to it; the reports list shows 0% delivered.
  await page.goto('/reports');
  const row = page.getByRole('row', { name: new RegExp(REJECTED_NAME) });
  await eventually(() => row.locator('[data-field="deliveredPct"]').textContent()).toBe('0%');
  expect(await row.locator('[data-field="failed"]').textContent()).toBe('9');
  expect(problems).toEqual([]);
  await context.close();
});

test('a viewer reads and exports the reports with phone numbers masked, but cannot follow up or open the campaign and contacts', async () => {
  const VIEWER = { name: 'Vic Viewer', email: 'vic@example.org', password: 'Viewer-Pass-2024' };
  await api(server.baseUrl, 'POST', '/api/users/register', { ...VIEWER, role: 'viewer' }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, await signInByApi(server.baseUrl, VIEWER));
  await page.goto('/reports');
  await eventually(() => page.getByRole('row', { name: new RegExp(CAMPAIGN_NAME) }).count()).toBe(1);
  expect(await page.getByTestId('export-csv').count()).toBe(1);
  await page.goto(`/reports/non-responders/${campaignId}`);
  await eventually(() => page.getByTestId('non-responders-total').getAttribute('data-value')).toBe('4');
  expect(await page.getByRole('button', { name: 'Follow up' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Open the campaign' }).count()).toBe(0);
  await page.goto(`/reports/delivery/${campaignId}`);
  await eventually(() => page.getByTestId('recipients-grid').locator('[data-row]').count()).toBe(9);
  expect(await page.getByTestId('recipients-grid').locator('[data-row] a').count()).toBe(0);
  // Phone numbers masked (PRODUCT.md section 4); names stay.
  const grid = (await page.getByTestId('recipients-grid').textContent()) ?? '';
  expect(grid).toContain('+33 61** **001');
  expect(grid).toContain('Nora');
  expect(grid).not.toContain('612340001');
  expect(problems).toEqual([]);
  await context.close();
});

test('the delivery report in Arabic: right to left, Arabic headings, phone numbers kept left to right', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(`/reports/delivery/${campaignId}`);
  await eventually(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByRole('heading', { level: 2, name: 'الرسائل حسب الحالة' }).waitFor();
  const phone = page.getByTestId('recipients-grid').locator('[data-field="phone"] bdi').first();
  await phone.waitFor();
  expect(await phone.getAttribute('dir')).toBe('ltr');
  expect(await phone.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
  // The timeline is mirrored: the value axis stands on the right, and time runs right to left when
  // there are two ticks or more (usually one minute here; two when a loaded host sent the campaign
  // across a minute's turn).
  const timeline = page.getByTestId('delivery-timeline');
  await timeline.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first().waitFor();
  const timelineAxes = await mirrored(timeline);
  expect(timelineAxes.valueAxisOnRight).toBe(true);
  expect(timelineAxes.ticksRightToLeft).not.toBe(false);
  expect(await seriousViolations(page)).toEqual([]);

  // So is the tag1 chart: the first (largest) group is drawn rightmost.
  await page.goto(`/reports/tag1-grouped/${campaignId}`);
  const chart = page.getByTestId('tag1-chart');
  await chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first().waitFor();
  expect((await mirrored(chart)).valueAxisOnRight).toBe(true);
  const groups = await chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').evaluateAll((labels) =>
    labels
      .map((label) => ({ text: label.textContent, x: label.getBoundingClientRect().x }))
      .sort((a, b) => b.x - a.x)
      .map((label) => label.text),
  );
  expect(groups.slice(0, 2)).toEqual(['north', 'south']);
  expect(problems).toEqual([]);
  await context.close();
});

test('a timeline over several hours: one label per hour, none cut off, zero where nothing happened, mirrored in Arabic', async () => {
  // A campaign's real summary with its timeline spread over hours, which this suite's one-minute
  // campaign cannot produce: only the chart's drawing is under test here.
  const spread = [
    { at: '2026-03-02T09:00:00.000Z', sent: 6, delivered: 5, failed: 1 },
    { at: '2026-03-02T11:00:00.000Z', sent: 2, delivered: 1, failed: 1 },
  ];
  for (const lang of ['en', 'ar']) {
    const { context, page, problems } = await openPage(browser, server.baseUrl);
    await useSession(context, admin);
    await context.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
    await page.route(`**/api/reports/delivery/${campaignId}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), bucket: 'hour', timeline: spread } });
    });
    await page.goto(`/reports/delivery/${campaignId}`);
    const timeline = page.getByTestId('delivery-timeline');
    await timeline.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first().waitFor();
    const labels = await timeline.evaluate((figure) => {
      const svg = figure.querySelector('.MuiChartsAxis-directionX')!.closest('svg')!.getBoundingClientRect();
      return [...figure.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((label) => {
        const box = label.getBoundingClientRect();
        return { text: label.textContent, inside: box.left >= svg.left && box.right <= svg.right };
      });
    });
    // 09:00 to 11:00: three hours, each labelled once (no quarter-hour tick repeating "9 AM"), all in view.
    expect(labels.length, lang).toBe(3);
    expect(new Set(labels.map((label) => label.text)).size, lang).toBe(3);
    // A label without room is shortened with an ellipsis ("Mar…") or drawn past the chart's edge.
    expect(
      labels.filter((label) => !label.inside || label.text?.includes('…')),
      lang,
    ).toEqual([]);
    expect(await mirrored(timeline), lang).toEqual({ valueAxisOnRight: lang === 'ar', ticksRightToLeft: lang === 'ar' });
    // 10:00 had no activity: the lines go down to 0 there rather than straight across.
    expect(await timeline.locator('.MuiLineChart-mark').count(), lang).toBe(3 * 3);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('on a 390 px phone the reports of a campaign are tabs: the selected one follows the URL, arrow keys move, the report is its panel', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(context, admin);
  await page.goto(`/reports/delivery/${campaignId}`);
  const tablist = page.getByRole('tablist', { name: 'Reports of this campaign' });
  await tablist.waitFor();
  expect(await tablist.getByRole('tab').allTextContents()).toEqual(['Delivery', 'Replies by group (tag1)', 'Non-responders']);
  const selected = () => tablist.locator('[role="tab"][aria-selected="true"]').allTextContents();
  expect(await selected()).toEqual(['Delivery']);
  // The report is the panel of the selected tab (named by it); the wide screen's buttons are gone.
  const figure = page.getByRole('tabpanel', { name: 'Delivery' }).getByTestId('figure-recipients').locator('dd');
  await eventually(() => figure.getAttribute('data-value')).toBe('9');
  expect(await page.getByRole('navigation', { name: 'Reports of this campaign' }).count()).toBe(0);
  await expectNoSidewaysScroll(page);
  expect(await tabViolations(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard: the arrows move between tabs, Enter opens one, and the focus stays on its tab.
  await tablist.getByRole('tab', { name: 'Delivery' }).focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Replies by group (tag1)');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/reports/tag1-grouped/${campaignId}`);
  await page.getByRole('tabpanel', { name: 'Replies by group (tag1)' }).getByTestId('tag1-cards').waitFor();
  expect(await selected()).toEqual(['Replies by group (tag1)']);
  await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');

  // A tap on a tab.
  await tablist.getByRole('tab', { name: 'Non-responders' }).click();
  await page.waitForURL(`**/reports/non-responders/${campaignId}`);
  const total = page.getByRole('tabpanel', { name: 'Non-responders' }).getByTestId('non-responders-total');
  await eventually(() => total.getAttribute('data-value')).toBe('4');
  expect(await selected()).toEqual(['Non-responders']);
  expect(await tabViolations(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // Back: the tab follows the URL.
  await page.goBack();
  await page.waitForURL(`**/reports/tag1-grouped/${campaignId}`);
  await eventually(selected).toEqual(['Replies by group (tag1)']);
  // A wide screen has the buttons again.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('navigation', { name: 'Reports of this campaign' }).getByRole('link', { name: 'Delivery' }).waitFor();
  expect(await page.getByRole('tablist').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

/** Every axe violation (any impact) of the report tabs and their panel's naming. */
async function tabViolations(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  const results = await axeBuilder(page).include('[role="tablist"]').include('[role="tabpanel"]').analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * Where a chart's value axis stands, and whether its category/time tick labels, in document
 * order (the data's order), run from right to left (null with fewer than two labels).
 */
async function mirrored(chart: Locator): Promise<{ valueAxisOnRight: boolean; ticksRightToLeft: boolean | null }> {
  return chart.evaluate((figure) => {
    // The chart's own surface (the legend's markers are svgs too).
    const svg = figure.querySelector('.MuiChartsAxis-directionY')!.closest('svg')!.getBoundingClientRect();
    const valueAxis = figure.querySelector('.MuiChartsAxis-directionY')!.getBoundingClientRect();
    const ticks = [...figure.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map(
      (label) => label.getBoundingClientRect().x,
    );
    return {
      valueAxisOnRight: valueAxis.x > svg.x + svg.width / 2,
      ticksRightToLeft: ticks.length < 2 ? null : ticks.every((x, index) => index === 0 || x < ticks[index - 1]!),
    };
  });
}
