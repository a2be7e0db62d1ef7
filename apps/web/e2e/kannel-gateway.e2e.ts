import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 38: an administrator adds a Kannel gateway in Configurations -> SMS gateways and gets the
// sms-service group to paste into kannel.conf, with the gateway's callback URL (decision 095).
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

test('an admin adds a Kannel gateway and reads the kannel.conf lines it needs', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=gateways');
  await page.getByRole('button', { name: 'Add gateway' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Kannel' }).click();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Kannel (Harbour)');
  // Before saving there is no URL yet: the form says where it will appear.
  await eventually(() => dialog.getByText('Save the gateway: its kannel.conf settings appear here.').count()).toBe(1);
  await dialog.getByLabel('sendsms address').fill('http://127.0.0.1:13013/cgi-bin/sendsms');
  await dialog.getByLabel('sendsms-user username').fill('platform');
  await dialog.getByLabel('sendsms-user password').fill('kannel-secret');
  await dialog.getByLabel('Address Kannel reaches this server at').fill('http://10.0.0.5:3000');
  await dialog.getByRole('button', { name: 'Add gateway' }).click();
  await eventually(() => page.getByText('Kannel (Harbour) saved.').count()).toBe(1);

  const { data } = await api<{ data: Array<{ id: string; kind: string; callbacks: { inbound: string } | null }> }>(
    server.baseUrl,
    'GET',
    '/api/gateways',
    undefined,
    admin.token,
  );
  const kannel = data.find((gateway) => gateway.kind === 'kannel');
  expect(kannel?.callbacks?.inbound).toMatch(/^http:\/\/10\.0\.0\.5:3000\/api\/gateways\/kannel\//);

  await page.getByRole('button', { name: 'Edit Kannel (Harbour)' }).click();
  const group = page.getByRole('dialog').getByTestId('kannel-service-group');
  await eventually(() => group.textContent()).toBe(
    [
      'group = sms-service',
      'keyword = default',
      'catch-all = yes',
      'max-messages = 0',
      'omit-empty = true',
      `get-url = "${kannel?.callbacks?.inbound}"`,
    ].join('\n'),
  );
  // The password is never shown back; saving without typing it keeps it.
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await eventually(() => page.getByText('Kannel (Harbour) saved.').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});
