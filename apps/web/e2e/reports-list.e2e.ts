import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// The reports list: a campaign only scheduled has not started sending, so it is not listed (issue
// 37, decision 084); each icon action says what it opens.
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+33612340201', firstName: 'Later' }, admin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Next year', body: 'Soon.', scheduledLocal: `${new Date().getUTCFullYear() + 1}-03-01T09:00`, timeZone: 'UTC' },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  await tuneSimulator(server.baseUrl, admin.token, { replyRate: 0 });
  const sent = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Sent now', body: 'Hi.' },
    admin.token,
  );
  await launchUntilCompleted(server.baseUrl, admin.token, sent.campaign.id);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a scheduled campaign is not in the list of launched campaigns, and the icon actions have tooltips', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/reports');
  const row = page.getByRole('row', { name: /Sent now/ });
  await eventually(() => row.locator('[data-field="status"]').textContent()).toMatch(/Completed/);
  expect(await page.getByRole('row', { name: /Next year/ }).count()).toBe(0);
  expect(
    await row
      .getByRole('menuitem', { name: /Delivery/ })
      .or(row.getByRole('button', { name: /Delivery/ }))
      .first()
      .getAttribute('title'),
  ).toBeTruthy();
  expect(problems).toEqual([]);
  await context.close();
});
