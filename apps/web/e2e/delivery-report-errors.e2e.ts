import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { axeBuilder } from './support/axe.ts';

// The delivery report's "Top errors" list: a real list (items holding the buttons), still a filter.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let campaignId = '';

const SIMULATOR_ID = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  for (const phone of ['+33612340101', '+33612340102'])
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName: 'Rejected' }, admin.token);
  const { gateway } = await api<{ gateway: { config: Record<string, unknown> } }>(
    server.baseUrl,
    'GET',
    `/api/gateways/${SIMULATOR_ID}`,
    undefined,
    admin.token,
  );
  const fast = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, undeliveredRate: 0, replyRate: 0 };
  // A simulator that rejects everything (SIM_REJECTED).
  const rejecting = await api<{ gateway: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    { name: 'Rejecting carrier', kind: 'simulator', config: { ...gateway.config, ...fast, failureRate: 1 } },
    admin.token,
  );
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Rejected run', body: 'Test run', gatewayId: rejecting.gateway.id },
    admin.token,
  );
  campaignId = campaign.id;
  await launchUntilCompleted(server.baseUrl, admin.token, campaignId);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the top errors are a proper list (axe list rules) whose items filter the recipients', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/reports/delivery/${campaignId}`);
  const list = page.getByTestId('top-errors');
  await list.waitFor();
  const results = await axeBuilder(page).include('[data-testid="top-errors"]').withRules(['list', 'listitem']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  const item = list.getByRole('button', { name: /SIM_REJECTED/ });
  await item.click();
  await eventually(() => item.getAttribute('aria-pressed')).toBe('true');
  expect(problems).toEqual([]);
  await context.close();
});
