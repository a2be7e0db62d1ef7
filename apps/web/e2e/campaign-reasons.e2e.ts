import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Why a campaign waits, paused or failed is stored as a code with parameters; each reader sees it
// in their own language. (Its own file: campaigns.e2e.ts already spends its server's 600 requests
// a minute, and every page load counts each of its assets.)
let server: RunningServer;
let browser: Browser;
let admin: Session;

interface Campaign {
  id: string;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+33612345601', firstName: 'Camille' }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a French user reads why a campaign waits in French, on its page and on the dashboard', async () => {
  // Quiet hours from an hour ago to an hour from now, in the organisation's time zone: it waits.
  const { settings } = await api<{ settings: { timeZone: string } }>(
    server.baseUrl,
    'GET',
    '/api/settings/messaging',
    undefined,
    admin.token,
  );
  const hhmm = (offsetMinutes: number) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: settings.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(Date.now() + offsetMinutes * 60_000),
    );
  const quietHours = { start: hhmm(-60), end: hhmm(60) };
  const { campaign } = await api<{ campaign: Campaign }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Réveil en douceur', body: 'Bonjour', quietHours },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  const french = `Heures de silence : l’envoi reprend à ${quietHours.end} (${settings.timeZone}).`;

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'fr'));
  await useSession(context, admin);
  await page.goto(`/campaigns/${campaign.id}`);
  const alert = page.getByTestId('campaign-status-reason');
  await eventually(() => alert.textContent(), 30_000).toBe(french);
  expect(await alert.getAttribute('data-code')).toBe('QUIET_HOURS');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

  // Through the menu, in French too.
  await page.getByRole('link', { name: 'Tableau de bord', exact: true }).first().click();
  const onDashboard = page
    .locator(`[data-testid="dashboard-campaign"][data-campaign-id="${campaign.id}"]`)
    .getByTestId('dashboard-campaign-reason');
  await eventually(() => onDashboard.textContent()).toBe(french);
  expect(problems).toEqual([]);
  await context.close();
  // The API carries the code and its parameters, and the English sentence for API users.
  const stored = await api<{ campaign: { statusReason: unknown } }>(
    server.baseUrl,
    'GET',
    `/api/campaigns/${campaign.id}`,
    undefined,
    admin.token,
  );
  expect(stored.campaign.statusReason).toEqual({
    code: 'QUIET_HOURS',
    params: { time: quietHours.end, timeZone: settings.timeZone },
    message: `Quiet hours: sending resumes at ${quietHours.end} (${settings.timeZone})`,
  });
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/cancel`, undefined, admin.token);
});
