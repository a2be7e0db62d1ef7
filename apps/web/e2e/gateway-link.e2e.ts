import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { startSmppPeerProcess, type SmppPeerProcess } from './support/smpp-peer.ts';

// Issue 14, browser part: the SMSC of an SMPP gateway goes away while a campaign sends through it.
// The server logs a warning; the gateway's row in Configurations -> SMS gateways says it is
// disconnected and retrying, why and since when; the campaign's progress card says it waits for
// its gateway. Once the SMSC is back both clear by themselves and the campaign completes.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let peer: SmppPeerProcess;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  peer = await startSmppPeerProcess();
  for (let i = 1; i <= 30; i++)
    await api(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: `+33612346${String(i).padStart(3, '0')}`, firstName: `Person ${i}` },
      admin.token,
    );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await peer?.stop();
});

test('a lost SMPP link shows on the gateway row and the campaign page, and clears on rebind', async () => {
  const { gateway } = await api<{ gateway: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    {
      name: 'Harbour SMSC',
      kind: 'smpp',
      config: { host: '127.0.0.1', port: peer.port, systemId: peer.credentials.systemId, reconnectMinSeconds: 1, reconnectMaxSeconds: 2 },
      secrets: { password: peer.credentials.password },
    },
    admin.token,
  );
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Harbour notice', body: 'The harbour closes at 6 pm.', gatewayId: gateway.id, rateLimit: 3 },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);

  const { context, page: campaignPage, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await campaignPage.goto(`/campaigns/${campaign.id}`);
  await eventually(
    () => campaignPage.getByTestId('count-delivered').locator('dd').getAttribute('data-value').then(Number),
    20_000,
  ).toBeGreaterThan(0);
  const gatewaysPage = await context.newPage();
  await gatewaysPage.goto('/configurations?tab=gateways');
  const row = gatewaysPage.locator('[data-testid="gateway-row"][data-kind="smpp"]');
  const link = row.getByTestId('gateway-link');
  await eventually(() => link.getAttribute('data-state')).toBe('connected');
  expect(await link.textContent()).toBe('Connected');

  // The SMSC goes away: refused connections from now on.
  const port = peer.port;
  await peer.stop();
  await eventually(() => link.getAttribute('data-state')).toBe('retrying');
  expect(await link.textContent()).toMatch(new RegExp(`^Disconnected, retrying.*127\\.0\\.0\\.1:${port}.* · since `));
  // The campaign's tab to the front: a hidden tab's screen does not poll, and a busy host may not
  // have pushed the change yet.
  await campaignPage.bringToFront();
  const waiting = campaignPage.getByTestId('campaign-gateway-waiting');
  await eventually(() => waiting.count(), 20_000).toBe(1);
  expect(await waiting.textContent()).toMatch(
    /^Waiting for the gateway Harbour SMSC: .+ \(since .+\)\. Sending resumes by itself once it is connected again\.$/,
  );
  expect(await campaignPage.getByTestId('campaign-status-reason').count()).toBe(0);
  expect(server.output()).toContain('SMPP connection lost');

  // Back: both clear, and the campaign finishes.
  peer = await startSmppPeerProcess(port);
  await gatewaysPage.bringToFront();
  await eventually(() => link.getAttribute('data-state'), 20_000).toBe('connected');
  await campaignPage.bringToFront();
  await eventually(() => waiting.count()).toBe(0);
  await eventually(
    () => campaignPage.getByTestId('campaign-progress').getByTestId('campaign-status').getAttribute('data-status'),
    45_000,
  ).toBe('completed');
  await eventually(() => campaignPage.getByTestId('campaign-average-rate').textContent()).toMatch(
    /^Average rate: [\d.]+ messages? per second$/,
  );
  expect(problems).toEqual([]);
  await context.close();
});
