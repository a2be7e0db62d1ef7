import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../server/test/fake-twilio.ts';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Numbers and sender IDs (decision 108): an admin buys a number from the (fake) Twilio through the
// shop and the checkout, its webhooks pointed at this application; a campaign's test message goes
// out from it (Twilio is asked to send From that number); a sender ID goes through its states.
const PUBLIC_URL = 'https://sms.example.test';
let twilio: FakeTwilio;
let server: RunningServer;
let browser: Browser;
let admin: Session;
let gatewayId = '';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  // Twilio's address is fixed; only the server's environment points it at the fake.
  server = await startServer({ TWILIO_API_BASE_URL: twilio.baseUrl, PUBLIC_URL });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const { gateway } = await api<{ gateway: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    {
      name: 'Twilio US',
      kind: 'twilio',
      config: { accountSid: twilio.accountSid, from: '+15005550006' },
      secrets: { authToken: twilio.authToken },
    },
    admin.token,
  );
  gatewayId = gateway.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await twilio?.close();
});

test('an admin buys a number from the shop, sees its monthly price, and a test message goes out from it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/ecommerce/shop');
  await page.getByRole('heading', { level: 1, name: 'Buy a number' }).waitFor();
  await page.getByLabel('Contains').fill('415');
  await page.getByRole('form', { name: 'Search' }).getByRole('button', { name: 'Search', exact: true }).click();
  const offers = page.getByTestId('available-numbers');
  await eventually(() => offers.getByRole('listitem').count()).toBe(2);
  expect(await page.getByText('Monthly price of this type: 1.15 USD').count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Choose +14155550142' }).click();

  await page.getByRole('heading', { level: 1, name: 'Confirm the purchase' }).waitFor();
  expect(await page.getByTestId('checkout-price').textContent()).toBe('Monthly price: 1.15 USD');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Buy for 1.15 USD a month' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sender +14155550142' }).waitFor();
  expect(await page.getByTestId('sender-status').first().getAttribute('data-status')).toBe('approved');
  // Twilio sold it with its messages and receipts pointed at this application's webhooks.
  expect(twilio.bought.map((n) => n.form)).toEqual([
    expect.objectContaining({
      PhoneNumber: '+14155550142',
      SmsUrl: `${PUBLIC_URL}/api/gateways/twilio/${gatewayId}/inbound`,
      StatusCallback: `${PUBLIC_URL}/api/gateways/twilio/${gatewayId}/status`,
    }),
  ]);

  // The composer offers it; a test message goes through Twilio from it.
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('From our new number');
  await page.getByTestId('campaign-body').fill('Clinic reminder');
  await page.getByRole('group', { name: 'Approved senders' }).getByRole('button', { name: '+14155550142' }).click();
  expect(await page.getByLabel('Sender ID', { exact: true }).inputValue()).toBe('+14155550142');
  await page.getByRole('combobox', { name: 'Gateway' }).click();
  await page.getByRole('option', { name: 'Twilio US' }).click();
  await page.getByRole('button', { name: 'Send a test' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
  const dialog = page.getByRole('dialog', { name: 'Send a test' });
  await dialog.getByTestId('test-phone').fill('+14155550199');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await eventually(() => twilio.messages.map((m) => [m.form.From, m.form.To]), 20_000).toEqual([['+14155550142', '+14155550199']]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The list shows the number, its gateway and the campaign that used it.
  await page.goto('/apps/ecommerce/eco-product-list');
  const row = page.locator('[data-sender="+14155550142"]');
  await eventually(() => row.textContent()).toContain('From our new number');
  expect(await row.textContent()).toContain('Twilio US');
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});

test('a sender ID is registered by its rules and goes from draft to approved, through a rejection', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/ecommerce/add-product');
  await page.getByRole('heading', { level: 1, name: 'Add a sender' }).waitFor();
  await page.getByLabel('Number or sender ID').fill('AB');
  await page.getByRole('form', { name: 'Add a sender' }).getByRole('button', { name: 'Add', exact: true }).click();
  await eventually(() => page.getByText('value must be 3 to 11 characters').count()).toBe(1);
  await page.getByLabel('Number or sender ID').fill('Clinic');
  await page.getByLabel('Countries it sends to').fill('GB, US');
  await eventually(() => page.getByTestId('alphanumeric-warning').textContent()).toContain('US');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('form', { name: 'Add a sender' }).getByRole('button', { name: 'Add', exact: true }).click();

  await page.getByRole('heading', { level: 1, name: 'Sender Clinic' }).waitFor();
  const status = () => page.getByTestId('sender-status').first().getAttribute('data-status');
  expect(await status()).toBe('draft');
  await page.getByRole('button', { name: 'Mark as submitted' }).click();
  await eventually(status).toBe('submitted');
  await page.getByLabel('Notes').fill('Brand name not proven');
  await page.getByRole('button', { name: 'Mark as rejected' }).click();
  await eventually(status).toBe('rejected');
  expect(await page.getByTestId('sender-notes').textContent()).toBe('Brand name not proven');
  await page.getByLabel('Notes').fill('Trademark certificate sent');
  await page.getByRole('button', { name: 'Mark as submitted' }).click();
  await eventually(status).toBe('submitted');
  await page.getByRole('button', { name: 'Mark as approved' }).click();
  await eventually(status).toBe('approved');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/apps/ecommerce/eco-product-list');
  await eventually(() => page.locator('[data-sender="Clinic"]').getByTestId('sender-status').getAttribute('data-status')).toBe('approved');
  // The server's 400 for the short sender ID is the one failed request.
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  await context.close();
});
