import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 22 in the browser: the backup cards of Configurations -> Maintenance (schedule, "Back up
// now", the last result, the download) and a contact's "Personal data" and "Erase" buttons.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let contactId = '';
let campaignId = '';
const PHONE = '+447911123456';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const { contact } = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: PHONE, firstName: 'Erin', lastName: 'Erasable', email: 'erin@example.org' },
    admin.token,
  );
  contactId = contact.id;
  // A campaign to her, so erasing shows in its report: the figures stay, her number does not.
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Erasure run', body: 'Hello Erin', audience: { type: 'contacts', contactIds: [contactId] } },
    admin.token,
  );
  campaignId = campaign.id;
  await launchUntilCompleted(server.baseUrl, admin.token, campaignId);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const saved = async (download: Download) => {
  const path = await download.path();
  return readFileSync(path);
};

test('an administrator sets the daily backup, backs up now, sees the result and downloads the file', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=maintenance');
  const card = page.getByTestId('backups-form');
  await card.getByText('No backup has been taken yet.').waitFor();
  expect(await card.getByRole('button', { name: 'Download latest' }).isDisabled()).toBe(true);

  // The schedule: daily at 03:00 UTC, keeping 5.
  await card.getByLabel('Daily backup on').check();
  await card.getByRole('combobox', { name: 'Time of day' }).click();
  await page.getByRole('option', { name: '03:00 UTC' }).click();
  await card.getByLabel('Backups kept').fill('0');
  await card.getByText('A whole number from 1 to 365.').waitFor();
  expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await card.getByLabel('Backups kept').fill('5');
  await card.getByRole('button', { name: 'Save' }).click();
  await eventually(
    async () => (await api<{ schedule: unknown }>(server.baseUrl, 'GET', '/api/backups', undefined, admin.token)).schedule,
  ).toEqual({
    enabled: true,
    hour: 3,
    keep: 5,
  });

  // Back up now: the card shows the new file as the last result.
  await card.getByRole('button', { name: 'Back up now' }).click();
  const result = page.getByTestId('backups-last-result');
  await result.getByText(/^Last backup .+: backup-[0-9TZ-]+\.sms\.gz\.$/).waitFor({ timeout: 60_000 });
  const file = /(backup-[0-9TZ-]+\.sms\.gz)/.exec((await result.textContent()) ?? '')?.[1];
  const { files } = await api<{ files: Array<{ name: string }> }>(server.baseUrl, 'GET', '/api/backups', undefined, admin.token);
  expect(files.map((f) => f.name)).toEqual([file]);

  // The download: answered 200, saved under the file's own name, a gzip body.
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/backups/latest'),
    card.getByRole('button', { name: 'Download latest' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(download.suggestedFilename()).toBe(file);
  const body = await saved(download);
  expect([body[0], body[1]]).toEqual([0x1f, 0x8b]);

  // The settings stay after a reload.
  await page.reload();
  await page
    .getByTestId('backups-last-result')
    .getByText(file ?? '', { exact: false })
    .waitFor();
  expect(await page.getByTestId('backups-form').getByLabel('Daily backup on').isChecked()).toBe(true);
  expect(await page.getByTestId('backups-form').getByLabel('Backups kept').inputValue()).toBe('5');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('an administrator encrypts backups with a passphrase: the next one and the download are encrypted, the passphrase never shown', async () => {
  const PASSPHRASE = 'staple battery horse correct';
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=maintenance');
  const form = page.getByTestId('backup-passphrase-form');
  await form.getByText('Backups are not encrypted: anyone who gets a copy can read every secret in it.').waitFor();
  await form.getByText('never written into a backup', { exact: false }).waitFor();

  // Typed twice; too short, then different, then right.
  const first = form.getByLabel('New passphrase');
  const again = form.getByLabel('The same passphrase again');
  expect(await first.getAttribute('type')).toBe('password');
  await first.fill('too short');
  expect(await form.getByRole('button', { name: 'Encrypt backups' }).isDisabled()).toBe(true);
  await first.fill(PASSPHRASE);
  await again.fill(`${PASSPHRASE}!`);
  await form.getByText('The two passphrases differ.').waitFor();
  expect(await form.getByRole('button', { name: 'Encrypt backups' }).isDisabled()).toBe(true);
  await again.fill(PASSPHRASE);
  await form.getByRole('button', { name: 'Encrypt backups' }).click();
  await form.getByText('From now on backups are encrypted with this passphrase.').waitFor();
  await form.getByText(/^Backups are encrypted with the passphrase set /).waitFor();
  expect(await first.inputValue()).toBe('');
  expect(await page.content()).not.toContain(PASSPHRASE);

  // The latest file (taken in clear before) leaves encrypted; then "Back up now" is encrypted.
  const card = page.getByTestId('backups-form');
  const [plainDownload] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download latest' }).click()]);
  expect(plainDownload.suggestedFilename()).toMatch(/^backup-[0-9TZ-]+\.sms\.gz\.enc$/);
  expect((await saved(plainDownload)).subarray(0, 8).toString('latin1')).toBe('SMS-ENC\n');
  await card.getByRole('button', { name: 'Back up now' }).click();
  await page
    .getByTestId('backups-last-result')
    .getByText(/^Last backup .+: backup-[0-9TZ-]+\.sms\.gz\.enc \(encrypted\)\.$/)
    .waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download latest' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^backup-[0-9TZ-]+\.sms\.gz\.enc$/);
  const body = await saved(download);
  expect(body.subarray(0, 8).toString('latin1')).toBe('SMS-ENC\n');
  expect(body.includes(Buffer.from(PASSPHRASE))).toBe(false);

  // Turned off again: the next backups are plain.
  await form.getByRole('button', { name: 'Stop encrypting' }).click();
  await form.getByText('Backups are no longer encrypted.').waitFor();
  await form.getByText(/^Backups are not encrypted/).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test("an administrator downloads a contact's personal data, then erases the contact", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/contacts/${contactId}`);
  await page.getByRole('heading', { level: 1, name: 'Erin Erasable' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // Personal data: the access request's zip bundle, read back by Python's zipfile (a reader we did not write).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Personal data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const script =
    'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({n: z.read(n).decode() for n in z.namelist()}))';
  const bundle = JSON.parse(execFileSync('python3', ['-c', script, await download.path()], { encoding: 'utf8' })) as Record<string, string>;
  const person = JSON.parse(bundle['contact.json'] ?? '{}');
  expect(JSON.stringify(person)).toContain(PHONE);
  expect(JSON.stringify(person)).toContain('Erin');
  expect(bundle['messages.csv']).toContain('Hello Erin');

  // Erase: asked first, then back to the list, where she is gone.
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Erin Erasable for good?' });
  await dialog.waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/contacts');
  await page.getByRole('table').waitFor();
  await eventually(() => page.getByRole('table').getByText('Erasable').count()).toBe(0);

  // Her personal data is replaced where the campaign's figures keep her message.
  await page.goto(`/reports/delivery/${campaignId}`);
  const grid = page.getByTestId('recipients-grid');
  await eventually(() => grid.locator('[data-row]').count()).toBe(1);
  const row = (await grid.locator('[data-row]').textContent()) ?? '';
  expect(row).toContain('erased');
  expect(row).not.toContain('7911123456');
  expect(row).not.toContain('Erin');
  await page.goto(`/contacts/${contactId}`);
  await page.getByTestId('contact-not-found').getByText('This contact does not exist or has been deleted.').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a personal data download that fails says why on the page', async () => {
  const { contact } = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+447911123457', firstName: 'Gwen', lastName: 'Gone' },
    admin.token,
  );
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/contacts/${contact.id}`);
  await page.getByRole('heading', { level: 1, name: 'Gwen Gone' }).waitFor();
  // Erased meanwhile (another administrator, another tab): the download answers 404.
  await api(server.baseUrl, 'POST', `/api/contacts/${contact.id}/erase`, undefined, admin.token);
  await page.getByRole('button', { name: 'Personal data' }).click();
  await page.getByTestId('personal-data-error').getByText('Contact not found').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
