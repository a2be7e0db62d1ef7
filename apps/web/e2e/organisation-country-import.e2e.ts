import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, FIRST_ADMIN, signInByApi, useSession } from './support/session.ts';

// The organisation's country, from first-run setup to an import: setup is pre-filled from the
// browser (language and time zone) and stores them; an import then starts from that country
// (not the browser's), opens a workbook on its contacts sheet, and says before and after the
// import which numbers the country would read as international or reject.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page in a browser that speaks `locale` and lives in `timezoneId`, with its problems collected. */
async function pageIn(locale: string, timezoneId: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 }, locale, timezoneId });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403|404|409|429)/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return { context, page, problems };
}

test('first-run setup asks the country and time zone, pre-filled from the browser, and stores them', async () => {
  const { context, page, problems } = await pageIn('en-GB', 'Asia/Tokyo');
  await page.goto('/auth/register');
  const fields = page.getByTestId('organisation-fields');
  await expect.poll(() => fields.getByLabel('Country').inputValue()).toBe('United Kingdom (GB)');
  await expect.poll(() => fields.getByLabel('Time zone').inputValue()).toContain('Asia/Tokyo');

  await page.getByLabel('Full name').fill(FIRST_ADMIN.name);
  await page.getByLabel('Email').fill(FIRST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FIRST_ADMIN.password);
  await page.getByLabel('Confirm password').fill(FIRST_ADMIN.password);
  await page.getByRole('button', { name: /create administrator/i }).click();
  await page.waitForURL(/\/dashboard/);

  const session = await signInByApi(server.baseUrl);
  const { settings } = await api<{ settings: { defaultCountry: string; timeZone: string } }>(
    server.baseUrl,
    'GET',
    '/api/settings/messaging',
    undefined,
    session.token,
  );
  expect(settings).toMatchObject({ defaultCountry: 'GB', timeZone: 'Asia/Tokyo' });

  // The contact form starts from it too.
  await page.goto('/contacts/new');
  await expect.poll(() => page.getByLabel('Country for local numbers').inputValue()).toBe('United Kingdom (GB)');
  expect(problems).toEqual([]);
  await context.close();
});

test('an import starts from the organisation country, opens the contacts sheet and flags numbers read as international', async () => {
  const session = await signInByApi(server.baseUrl);
  // A French browser: the import must start from the organisation's country (GB), not France.
  const { context, page, problems } = await pageIn('fr-FR', 'Europe/Paris');
  await useSession(context, session);

  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Summary').addRows([
    ['Report', 'Total'],
    ['Contacts', 3],
  ]);
  workbook.addWorksheet('Contacts').addRows([
    ['Name', 'Mobile'],
    ['Ann', '07400 123456'],
    ['Bob', '12015550123'],
    ['Cy', '(020) 7946 095'],
  ]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.goto('/contacts/upload');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'crm.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/contacts\/upload\?import=/);

  // The workbook opened on the sheet with the phone numbers, and says why.
  await expect.poll(() => page.getByTestId('preview-note-sheet_with_phone').textContent()).toMatch(/Contacts.*Summary/);
  await expect.poll(() => page.getByTestId('map-column-1').textContent()).toBe('Phone number');
  await expect.poll(() => page.getByLabel('Default country').inputValue()).toBe('United Kingdom (GB)');
  // Before the import: one number read as international (a US number), one rejected.
  await expect.poll(() => page.getByTestId('preview-international').textContent()).toContain('+12015550123');
  await expect.poll(() => page.getByTestId('preview-invalid').count()).toBe(1);

  await page.getByRole('button', { name: 'Start import' }).click();
  const warning = page.getByTestId('import-international-warning');
  await expect.poll(() => warning.textContent(), { timeout: 30_000 }).toContain('+12015550123');
  expect(await page.getByTestId('count-created').locator('dd').getAttribute('data-value')).toBe('2');
  expect(await page.getByTestId('count-rejected').locator('dd').getAttribute('data-value')).toBe('1');
  expect(problems).toEqual([]);
  await context.close();
});
