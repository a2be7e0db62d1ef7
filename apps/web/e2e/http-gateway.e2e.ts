import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 38: an administrator describes an HTTP provider (Vonage's SMS API, as the guide's settings)
// in Configurations -> SMS gateways, template rows included, and reads the callback addresses to set
// in the provider's dashboard (decision 096).
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('an admin adds an HTTP gateway with its request template and reads its callback addresses', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=gateways');
  await page.getByRole('button', { name: 'Add gateway' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'HTTP API' }).click();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Vonage');
  await eventually(() => dialog.getByText('Save the gateway: its callback addresses appear here.').count()).toBe(1);
  await dialog.getByLabel('Send address').fill('https://rest.nexmo.com/sms/json');

  // The template starts with to, from and text; change one value and add a row.
  const template = dialog.getByTestId('pairs-template');
  await template.getByRole('textbox', { name: 'Value' }).first().fill('{{toDigits}}');
  await template.getByRole('button', { name: 'Add to Request template' }).click();
  await template.getByRole('textbox', { name: 'Parameter' }).nth(3).fill('type');
  await template.getByRole('textbox', { name: 'Value' }).nth(3).fill('{{unicode:unicode:text}}');

  await dialog.getByRole('combobox', { name: 'Authentication' }).click();
  await page.getByRole('option', { name: 'Basic (user and password)' }).click();
  await dialog.getByLabel('User, header or parameter name').fill('abc123');
  await dialog.getByLabel('Secret (password, token or key)').fill('vonage-secret');
  await dialog.getByLabel("Path of the provider's message id").fill('messages.0.message-id');
  await dialog.getByLabel('Message id field').first().fill('messageId');
  await dialog.getByLabel('Sender field').fill('msisdn');
  await dialog.getByLabel('Address the provider reaches this server at').fill('https://sms.example.org');
  await dialog.getByRole('button', { name: 'Add gateway' }).click();
  await eventually(() => page.getByText('Vonage saved.').count()).toBe(1);

  const { data } = await api<{
    data: Array<{
      kind: string;
      config: Record<string, unknown>;
      secretsSet: string[];
      callbacks: { receipts: string; inbound: string } | null;
    }>;
  }>(server.baseUrl, 'GET', '/api/gateways', undefined, admin.token);
  const http = data.find((gateway) => gateway.kind === 'http');
  expect(http?.config).toMatchObject({
    sendUrl: 'https://rest.nexmo.com/sms/json',
    template: { to: '{{toDigits}}', from: '{{from}}', text: '{{text}}', type: '{{unicode:unicode:text}}' },
    authType: 'basic',
    authName: 'abc123',
    responseIdPath: 'messages.0.message-id',
    receiptIdField: 'messageId',
    inboundFromField: 'msisdn',
  });
  expect(http?.secretsSet).toEqual(['authSecret', 'callbackToken']);
  expect(http?.callbacks?.receipts).toMatch(/^https:\/\/sms\.example\.org\/api\/gateways\/http\/[^/]+\/[A-Za-z0-9_-]{32}\/receipt$/);

  await page.getByRole('button', { name: 'Edit Vonage' }).click();
  await eventually(() => page.getByRole('dialog').getByTestId('http-receipts-url').textContent()).toBe(http?.callbacks?.receipts);
  await eventually(() => page.getByRole('dialog').getByTestId('http-inbound-url').textContent()).toBe(http?.callbacks?.inbound);
  // The hints show the placeholders as typed, not interpolated away.
  await eventually(() =>
    page
      .getByRole('dialog')
      .getByText(/Placeholders: \{\{to\}\}, \{\{toDigits\}\}/)
      .count(),
  ).toBe(1);
  // On a phone the form fits: the template rows wrap instead of scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await eventually(() =>
    page.evaluate(() => {
      const content = document.querySelector('[role="dialog"] .MuiDialogContent-root');
      return document.documentElement.scrollWidth <= window.innerWidth && !!content && content.scrollWidth <= content.clientWidth;
    }),
  ).toBe(true);
  // The secret is never shown back; saving without typing it keeps it.
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await eventually(() => page.getByText('Vonage saved.').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});
