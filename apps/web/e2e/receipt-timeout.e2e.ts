import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { eventually } from './support/eventually.ts';
import { copyDatabaseTemplate, startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { startSmppPeerProcess, type SmppPeerProcess } from './support/smpp-peer.ts';

// Issue 33, item 6, browser part: an SMSC that never sends receipts (as when they went to a dead
// bind). Past the validity plus the grace the messages become "No receipt", and the delivery report
// shows that figure, with its share, next to delivered, undelivered and failed.
const repoRoot = new URL('../../../', import.meta.url).pathname;
let dataDir = '';
let server: RunningServer | undefined;
let peer: SmppPeerProcess;
let browser: Browser;
let admin: Session;
let campaignId = '';

const start = () => startServer({ DATA_DIR: dataDir });

beforeAll(async () => {
  // The server's data folder is ours, so the database outlives a restart.
  dataDir = mkdtempSync(join(tmpdir(), 'sms-e2e-timeout-'));
  copyDatabaseTemplate(dataDir);
  server = await start();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  peer = await startSmppPeerProcess(0, ['--receipt-delay-ms', 'none']);
  const { gateway } = await api<{ gateway: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    {
      name: 'Silent SMSC',
      kind: 'smpp',
      config: { host: '127.0.0.1', port: peer.port, systemId: peer.credentials.systemId },
      secrets: { password: peer.credentials.password },
    },
    admin.token,
  );
  for (let i = 1; i <= 4; i++)
    await api(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: `+33612347${String(i).padStart(3, '0')}`, firstName: `P${i}` },
      admin.token,
    );
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Silent run', body: 'See you tomorrow', gatewayId: gateway.id },
    admin.token,
  );
  campaignId = campaign.id;
  await launchUntilCompleted(server.baseUrl, admin.token, campaignId);
  // Two days and more later (no validity: 48 hours plus the hour): the database aged while the
  // server is stopped, and the sweep the workers run each minute run once.
  await server.stop();
  server = undefined;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['apps/server/test/age-messages-cli.ts', '--data-dir', dataDir, '--hours', '50'],
    { cwd: repoRoot },
  );
  expect(JSON.parse(stdout.trim().split('\n').pop() ?? '{}')).toEqual({ timedOut: 4 });
  server = await start();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await peer?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the delivery report shows the "No receipt" figure and its share, in English and in French', async () => {
  for (const [lang, label] of [
    ['en', 'No receipt'],
    ['fr', 'Sans accusé de réception'],
  ] as const) {
    const { context, page, problems } = await openPage(browser, server!.baseUrl);
    await useSession(context, admin);
    await context.addInitScript((value) => window.localStorage.setItem('lang', value), lang);
    await page.goto(`/reports/delivery/${campaignId}`);
    const figure = page.getByTestId('figure-unknown');
    await figure.waitFor();
    expect(await figure.locator('dt').textContent(), lang).toBe(label);
    expect(await figure.locator('dd').getAttribute('data-value'), lang).toBe('4');
    expect(await figure.locator('[data-pct]').getAttribute('data-pct'), lang).toBe('100');
    // Beside the other outcomes: delivered, undelivered, no receipt, failed.
    const order = await page
      .locator('[data-testid^="figure-"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
    expect(order.slice(order.indexOf('figure-delivered'), order.indexOf('figure-failed') + 1), lang).toEqual([
      'figure-delivered',
      'figure-undelivered',
      'figure-unknown',
      'figure-failed',
    ]);
    // The recipients table shows it too.
    await eventually(() => page.getByTestId('recipients-grid').getByTestId('message-status').first().getAttribute('data-status')).toBe(
      'unknown',
    );
    expect(problems).toEqual([]);
    await context.close();
  }
});
