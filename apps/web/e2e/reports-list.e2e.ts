import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// The reports list: a campaign only scheduled has no figures yet, and each icon action says what it opens.
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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a scheduled campaign shows "–" for its rates and launch date, and the icon actions have tooltips', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/reports');
  const row = page.getByRole('row', { name: /Next year/ });
  await eventually(() => row.locator('[data-field="status"]').textContent()).toMatch(/Scheduled/);
  for (const field of ['deliveredPct', 'repliedPct', 'launchedAt'])
    expect(await row.locator(`[data-field="${field}"]`).textContent(), field).toBe('–');
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
