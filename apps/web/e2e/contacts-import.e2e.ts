import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, FIRST_ADMIN, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { gridOverflow } from './support/grid-fit.ts';

// Importing a spreadsheet with good and bad rows: upload -> mapping -> live progress -> counts
// that add up -> the error file lists every rejected row.
let server: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CSV = [
  'Mobile,First name,Last name,City',
  '+447400123456,Ada,Lovelace,London',
  '07400 123457,Grace,Hopper,Leeds',
  '+33612345678,Camille,Martin,Paris',
  'not a number,Bad,Row,Nowhere',
  ',Missing,Phone,Nowhere',
  '+447400123456,Ada,Again,London',
].join('\r\n');

test('upload a CSV with good and bad rows, map it, follow it, download the error file', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);

  await page.goto('/contacts/upload');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await expect.poll(() => page.getByTestId('import-file-name').textContent()).toBe('contacts.csv');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Mapping: the phone column is detected; the unknown column becomes a custom field.
  await page.waitForURL(/\/contacts\/upload\?import=/);
  const table = page.getByTestId('import-mapping-table');
  await expect.poll(() => table.textContent()).toContain('Lovelace');
  await expect.poll(() => page.getByTestId('map-column-0').textContent()).toBe('Phone number');
  await page.getByLabel('Default country').fill('United Kingdom');
  await page.getByRole('option', { name: /United Kingdom \(GB\)/ }).click();
  await page.getByLabel('Tag value').fill('spring-fair');
  await page.getByRole('button', { name: 'Start import' }).click();

  // Result: counts add up to the rows read.
  await expect.poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 }).toContain('Import complete');
  const count = async (key: string) => Number(await page.getByTestId(`count-${key}`).locator('dd').getAttribute('data-value'));
  expect(await count('rowsRead')).toBe(6);
  expect(await count('created')).toBe(3);
  expect(await count('duplicates')).toBe(1);
  expect(await count('rejected')).toBe(2);
  expect(await page.getByTestId('import-invariant').textContent()).toContain('Every row is accounted for.');
  // 2 of 6 rejected: no hint about the mapping or the default country.
  expect(await page.getByTestId('import-rejected-hint').count()).toBe(0);

  // The error file lists both bad rows with their row numbers and reasons.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const download = await downloading;
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toMatch(/row_number/);
  expect(text).toContain('not a number');
  expect(text.trim().split(/\r?\n/)).toHaveLength(3);

  // The imported contacts carry the tag; the link opens the filtered list.
  await page.getByRole('link', { name: /View contacts tagged spring-fair/ }).click();
  await page.waitForURL(/\/contacts\?tag1=spring-fair/);
  await expect.poll(() => page.getByRole('row', { name: /Lovelace|Hopper|Martin/ }).count()).toBe(3);
  const stored = await api<{ total: number }>(server.baseUrl, 'GET', '/api/contacts?tag1=spring-fair', undefined, session.token);
  expect(stored.total).toBe(3);

  // The history lists the import with its counts.
  await page.goto('/contacts/imports');
  await expect.poll(() => page.getByRole('row', { name: /contacts\.csv/ }).count()).toBe(1);
  expect(await page.getByRole('row', { name: /contacts\.csv/ }).textContent()).toContain('Completed');
  expect(
    await page
      .getByRole('row', { name: /contacts\.csv/ })
      .getByTestId('import-ran-by')
      .textContent(),
  ).toMatch(new RegExp(`^${FIRST_ADMIN.name} · `));
  // Every column fits a laptop screen (1366 px): the counts and the error file need no sideways scrolling.
  expect((await gridOverflow(page.getByRole('table', { name: 'Import history' }))).pastEdge).toEqual([]);

  expect(problems).toEqual([]);
  await context.close();
});

test('a file whose every row is rejected is not shown as a success, and the default country is pointed at', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  // British national numbers (11 digits) read with France as the default country: none is valid.
  const csv = 'Phone,Name\n07400 123458,Ann\n07400 123459,Bob\n07400 123460,Cy\n';
  await page.goto('/contacts/upload');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'british.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(() => page.getByTestId('map-column-0').textContent()).toBe('Phone number');
  await page.getByLabel('Default country').fill('France');
  await page.getByRole('option', { name: /France \(FR\)/ }).click();
  await page.getByRole('button', { name: 'Start import' }).click();

  const result = page.getByTestId('import-result');
  await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain('No contact imported');
  expect(await result.getAttribute('class')).toMatch(/MuiAlert-colorWarning/);
  expect(await page.getByTestId('count-rejected').locator('dd').getAttribute('data-value')).toBe('3');
  expect(await page.getByTestId('import-rejected-hint').textContent()).toContain(
    'France is the country of the numbers written without a country code',
  );
  expect(problems).toEqual([]);
  await context.close();
});
