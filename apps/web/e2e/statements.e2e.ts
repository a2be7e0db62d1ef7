import { readFileSync } from 'node:fs';
import { destinationCountry } from '@sms/contracts/phone-destination';
import { messagePrice, roundPrice, type PriceTable } from '@sms/contracts/pricing';
import { analyseSms } from '@sms/contracts/sms-encoding';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Monthly statements (decision 110): messages really sent through the simulator this month; the
// month's statement, kept from /apps/invoice/create, totals the sum of the one price function
// (messagePrice) over those messages; a credit with its reason lowers it; the CSV downloads with
// the same lines and total.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const TABLE: PriceTable = { pricePerSegment: 0.01, pricePerSegmentUcs2: 0.02, countryPrices: [{ country: 'FR', gsm7: 0.05, ucs2: 0.07 }] };
const SENT = [
  { phone: '+33612345601', body: 'Your appointment is confirmed.' },
  { phone: '+33612345601', body: 'Merci, à bientôt 😊' },
  { phone: '+447911123456', body: `Reminder: ${'the office opens at nine. '.repeat(8)}` },
];
/** What the month must total: each message's price by the one function, from its destination, encoding and parts. */
const EXPECTED = roundPrice(
  SENT.reduce((sum, message) => {
    const { encoding, segments } = analyseSms(message.body);
    return sum + messagePrice(TABLE, destinationCountry(message.phone), encoding, segments);
  }, 0),
);
const usd = (value: number) => `$${value.toFixed(2)}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', TABLE, admin.token);
  await tuneSimulator(server.baseUrl, admin.token, {
    acceptPerSecond: 500,
    receiptDelayMinMs: 50,
    receiptDelayMaxMs: 150,
    failureRate: 0,
    undeliveredRate: 0,
    replyRate: 0,
  });
  const contacts = new Map<string, string>();
  for (const phone of new Set(SENT.map((message) => message.phone))) {
    const { contact } = await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone, firstName: 'Dept' },
      admin.token,
    );
    contacts.set(phone, contact.id);
  }
  for (const message of SENT) {
    await api(server.baseUrl, 'POST', `/api/inbox/conversations/${contacts.get(message.phone)}/reply`, { body: message.body }, admin.token);
  }
  // Charged once the gateway accepted them (sent_at set: sent, then delivered).
  const deadline = Date.now() + 30_000;
  for (const id of contacts.values()) {
    for (;;) {
      const { data } = await api<{ data: Array<{ direction: string; status: string | null }> }>(
        server.baseUrl,
        'GET',
        `/api/inbox/conversations/${id}/messages?limit=50`,
        undefined,
        admin.token,
      );
      const out = data.filter((message) => message.direction === 'out');
      if (out.length > 0 && out.every((message) => message.status === 'sent' || message.status === 'delivered')) break;
      if (Date.now() > deadline) throw new Error('messages not sent in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a month's statement equals the sum of its messages' prices; a credit lowers it; the CSV downloads", async () => {
  expect(EXPECTED).toBeGreaterThan(0);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/invoice/list');
  await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor();
  await page.getByTestId('statements-empty').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'New statement' }).click();
  await page.waitForURL('**/apps/invoice/create');
  const month = new Date().toISOString().slice(0, 7);
  await page.getByLabel('Month').fill(month);
  await page.getByRole('button', { name: 'Keep statement' }).click();
  await page.waitForURL(/\/apps\/invoice\/detail\//);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('heading', { level: 1, name: /Statement .*: Whole organisation/ }).waitFor();
  await eventually(() => page.getByTestId('statement-total').textContent()).toBe(usd(EXPECTED));
  // The API says the same: the figure the page shows is the statement's, to the last decimal.
  const { statement } = await api<{ statement: { total: number; lines: Array<{ country: string | null }> } }>(
    server.baseUrl,
    'GET',
    `/api/statements/${id}`,
    undefined,
    admin.token,
  );
  expect(statement.total).toBe(EXPECTED);
  expect(await page.getByTestId('statement-lines').getByRole('row').count()).toBe(statement.lines.length + 2);
  await page.getByTestId('statement-lines').getByText('France').first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Adjustments' }).click();
  await page.waitForURL(`**/apps/invoice/edit/${id}`);
  await page.getByLabel('Amount').fill('0.02');
  await page.getByLabel('Reason').fill('Test messages refunded');
  await page.getByRole('button', { name: 'Add adjustment' }).click();
  await page.getByTestId('statement-adjustment').getByText('Credit: Test messages refunded').waitFor();
  const adjusted = roundPrice(EXPECTED - 0.02);
  await eventually(() => page.getByTestId('statement-total').textContent()).toBe(usd(adjusted));
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to the statement' }).click();
  await page.waitForURL(`**/apps/invoice/detail/${id}`);
  await eventually(() => page.getByTestId('statement-total').textContent()).toBe(usd(adjusted));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${month}-.*\\.csv$`));
  const csv = readFileSync(await download.path())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('Type,Country,Encoding,Messages,Parts,Unit price,Amount,Reason,Currency');
  expect(csv).toContain('credit,,,,,,-0.02,Test messages refunded,USD');
  expect(csv.at(-1)).toMatch(new RegExp(`^total,,,${SENT.length},\\d+,,${adjusted},,USD$`));
  await page.getByText(/^Downloaded statement-/).waitFor();

  await page.goto('/apps/invoice/list');
  await eventually(() => page.getByTestId('statement-row').getByTestId('statement-total').textContent()).toBe(usd(adjusted));
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});
