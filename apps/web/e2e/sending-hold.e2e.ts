import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Account, type Session } from './support/session.ts';

// Issue 33, item 8 in the browser (decision 072): a restored installation holds sending. Everyone
// signed in sees why nothing is sent; an administrator resumes it from the banner, after a
// confirmation; and holds it again by hand from Configurations -> Maintenance before a move.
const repoRoot = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);
const MANAGER: Account = { name: 'Mia Manager', email: 'mia@example.org', password: 'Correct-Horse-42' };
let restored: RunningServer;
let browser: Browser;
let admin: Session;
let scheduledId = '';
const folders: string[] = [];

/** Tomorrow at noon, as scheduledLocal takes it (the organisation's time zone is UTC here). */
const tomorrowNoon = () => `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T12:00`;

beforeAll(async () => {
  // An installation with a scheduled campaign, backed up and restored into a new DATA_DIR.
  const source = await startServer();
  const sourceAdmin = await seedAdmin(source.baseUrl);
  await api(source.baseUrl, 'POST', '/api/users/register', { ...MANAGER, role: 'manager' }, sourceAdmin.token);
  await api(source.baseUrl, 'POST', '/api/contacts', { phone: '+447911123456', firstName: 'Rita' }, sourceAdmin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    source.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Tomorrow at noon', body: 'Hello', scheduledLocal: tomorrowNoon() },
    sourceAdmin.token,
  );
  scheduledId = campaign.id;
  await api(source.baseUrl, 'POST', `/api/campaigns/${scheduledId}/launch`, undefined, sourceAdmin.token);
  await api(source.baseUrl, 'POST', '/api/backups', undefined, sourceAdmin.token);
  const download = await fetch(`${source.baseUrl}/api/backups/latest`, { headers: { authorization: `Bearer ${sourceAdmin.token}` } });
  const work = mkdtempSync(join(tmpdir(), 'sms-e2e-hold-'));
  folders.push(work);
  const file = join(work, 'moved.sms.gz');
  writeFileSync(file, Buffer.from(await download.arrayBuffer()));
  await source.stop();

  const dataDir = join(work, 'data');
  const restore = await run(process.execPath, ['apps/server/src/restore.ts', file], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  });
  expect(restore.stdout).toContain('Sending is on hold');
  restored = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  admin = await signInByApi(restored.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await restored?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const campaignStatus = async () =>
  (
    await api<{ campaign: { status: string; statusReason: { code: string } | null } }>(
      restored.baseUrl,
      'GET',
      `/api/campaigns/${scheduledId}`,
      undefined,
      admin.token,
    )
  ).campaign;

test('after the restore everyone sees that sending is on hold; only an administrator may resume it', async () => {
  expect(await campaignStatus()).toMatchObject({ status: 'paused', statusReason: { code: 'RESTORED' } });

  const manager = await signInByApi(restored.baseUrl, MANAGER);
  const asManager = await openPage(browser, restored.baseUrl);
  await useSession(asManager.context, manager);
  await asManager.page.goto('/campaigns');
  const managerBanner = asManager.page.getByTestId('sending-hold-banner');
  await managerBanner
    .getByText(/Sending is on hold since the restore on .+\. Nothing is sent until an administrator resumes it\./)
    .waitFor();
  expect(await managerBanner.getByRole('button').count()).toBe(0);
  expect(asManager.problems).toEqual([]);
  await asManager.context.close();

  const { context, page, problems } = await openPage(browser, restored.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns');
  const banner = page.getByTestId('sending-hold-banner');
  await banner.getByText('Sending is on hold', { exact: true }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // A confirmation first; cancelling it changes nothing.
  await banner.getByRole('button', { name: 'Resume sending' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resume sending?' });
  await dialog.getByText(/make sure the old installation stays stopped/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await campaignStatus()).status).toBe('paused');

  await banner.getByRole('button', { name: 'Resume sending' }).click();
  await dialog.getByRole('button', { name: 'Resume sending' }).click();
  await banner.waitFor({ state: 'hidden' });
  // The scheduled campaign waits for its time again; the switch is in the audit log.
  await eventually(async () => (await campaignStatus()).status).toBe('scheduled');
  const audit = await api<{ data: Array<{ action: string; actor: { email: string } }> }>(
    restored.baseUrl,
    'GET',
    '/api/audit-log?action=sending.',
    undefined,
    admin.token,
  );
  expect(audit.data.map((entry) => [entry.action, entry.actor.email])).toEqual([['sending.resume', admin.user.email]]);
  expect(problems).toEqual([]);
  await context.close();
});

test('an administrator holds sending by hand before a move, and resumes it the same way', async () => {
  const { context, page, problems } = await openPage(browser, restored.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=maintenance');
  const card = page.getByTestId('sending-hold-card');
  await card.getByRole('button', { name: 'Hold sending' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hold sending?' });
  await dialog.getByRole('button', { name: 'Hold sending' }).click();
  const banner = page.getByTestId('sending-hold-banner');
  await banner.getByText(/held by an administrator/).waitFor();
  await card.getByText('Sending is on hold: the banner at the top of the page resumes it.').waitFor();
  expect(await campaignStatus()).toMatchObject({ status: 'paused', statusReason: { code: 'SENDING_HELD' } });

  await banner.getByRole('button', { name: 'Resume sending' }).click();
  await page.getByRole('dialog', { name: 'Resume sending?' }).getByRole('button', { name: 'Resume sending' }).click();
  await banner.waitFor({ state: 'hidden' });
  await card.getByRole('button', { name: 'Hold sending' }).waitFor();
  expect((await campaignStatus()).status).toBe('scheduled');
  expect(problems).toEqual([]);
  await context.close();
});
