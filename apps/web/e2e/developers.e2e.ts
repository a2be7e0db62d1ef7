import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { axeBuilder } from './support/axe.ts';

// Configurations -> Developers: an administrator creates an API key, sees its secret once, the
// key works on /api/v1, and revoking it from the list stops it at once.
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

const callV1 = (secret: string) => fetch(`${server.baseUrl}/api/v1/messages`, { headers: { authorization: `Bearer ${secret}` } });

test('an administrator creates an API key, copies its secret once, and revokes it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=developers');
  await page.getByRole('heading', { name: 'API keys' }).waitFor();
  await page.getByText('No API keys yet.').waitFor();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('Enter a name.').waitFor();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Booking system');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const secretText = (await page.getByTestId('api-key-secret').locator('code').textContent()) ?? '';
  expect(secretText).toMatch(/^smsk_/);
  expect((await callV1(secretText)).status).toBe(200);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Booking system' });
  await row.getByText('Send messages').waitFor();
  const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // After a reload the secret is gone for good.
  await page.reload();
  await row.waitFor();
  expect(await page.getByTestId('api-key-secret').count()).toBe(0);
  expect(await page.content()).not.toContain(secretText);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await row.getByText('Revoked').waitFor();
  expect((await callV1(secretText)).status).toBe(401);
  expect(problems).toEqual([]);
  await context.close();
});

test('an administrator registers a webhook, sees its secret once and its empty delivery log, and removes it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=developers');
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  await page.getByText('No webhooks yet.').waitFor();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByRole('textbox', { name: 'URL' }).fill('ftp://crm.example.org/hooks');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('url must be an http(s) URL').waitFor();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://crm.example.org/hooks');
  await dialog.getByRole('checkbox', { name: 'Contact opted in' }).uncheck();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });

  expect((await page.getByTestId('webhook-secret').locator('code').textContent()) ?? '').toMatch(/^whsec_/);
  const row = page.getByTestId('webhook-row').filter({ hasText: 'https://crm.example.org/hooks' });
  await row.getByText('Incoming message').waitFor();
  expect(await row.getByText('Contact opted in').count()).toBe(0);
  await row.getByRole('button', { name: 'Deliveries' }).click();
  await row.getByText('No deliveries yet.').waitFor();

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await page.getByText('No webhooks yet.').waitFor();
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  await context.close();
});
