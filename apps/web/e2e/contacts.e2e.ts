import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { expectNoSidewaysScroll } from './support/eventually.ts';

// A manager's day with contacts: add one (local number normalised live), refuse a duplicate,
// edit, search, filter by tag, tag several at once, delete.
let server: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  session = await seedAdmin(server.baseUrl);
  // Two contacts to search and filter among.
  await api(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+33612345678', firstName: 'Camille', lastName: 'Martin', tag1: 'paris' },
    session.token,
  );
  await api(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+4915123456789', firstName: 'Jonas', lastName: 'Weber', tag1: 'berlin' },
    session.token,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('create, refuse a duplicate, edit, search, filter, bulk-tag and delete contacts', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);

  // Create with a local number read in the chosen country; the normalised number shows live.
  await page.goto('/contacts/new');
  await page.getByLabel('Country for local numbers').fill('United Kingdom');
  await page.getByRole('option', { name: /United Kingdom \(GB\)/ }).click();
  await page.getByTestId('contact-phone').fill('07400 123456');
  await expect.poll(() => page.getByTestId('phone-e164').textContent()).toBe('+447400123456');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('combobox', { name: 'Tag 1' }).fill('london');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await page.waitForURL(/\/contacts\/[0-9a-f-]{36}$/);
  const createdUrl = page.url();
  await expect.poll(() => page.getByTestId('contact-details').textContent()).toContain('+447400123456');

  // The same number again answers "already exists" with a link to the stored contact.
  await page.goto('/contacts/new');
  await page.getByTestId('contact-phone').fill('+44 7400 123456');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await page.getByTestId('existing-contact-link').click();
  await page.waitForURL(createdUrl);

  // Edit the last name.
  await page.getByRole('link', { name: /^edit/i }).first().click();
  await page.waitForURL(/\/edit$/);
  await page.getByLabel('Last name').fill('Hopper-Murray');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(createdUrl);
  await expect.poll(() => page.getByTestId('contact-details').textContent()).toContain('Hopper-Murray');

  // Search by name; the state goes into the URL.
  await page.goto('/contacts');
  await expect.poll(() => page.getByRole('row').count()).toBe(4);
  await page.getByLabel('Search contacts').fill('camil');
  await page.waitForURL(/search=camil/);
  await expect.poll(() => page.getByRole('row', { name: /Camille/ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('row', { name: /Jonas/ }).count()).toBe(0);
  // A search that matches nothing says so and offers the way back.
  await page.getByLabel('Search contacts').fill('nobody-by-that-name');
  const empty = page.getByTestId('contacts-empty');
  await expect.poll(() => empty.textContent()).toContain('No contacts match your search or filters.');
  await empty.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect.poll(() => page.getByRole('row').count()).toBe(4);
  expect(await page.getByLabel('Search contacts').inputValue()).toBe('');

  // Filter by tag 1 (a suggestion from the stored values).
  await page.goto('/contacts');
  const tag1 = page.getByRole('combobox', { name: 'Tag 1' });
  await tag1.click();
  await page.getByRole('option', { name: 'berlin' }).click();
  await page.waitForURL(/tag1=berlin/);
  await expect.poll(() => page.getByRole('row', { name: /Jonas/ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('row', { name: /Camille|Grace/ }).count()).toBe(0);

  // Tick every contact and set tag 2 on them.
  await page.goto('/contacts');
  await expect.poll(() => page.getByRole('row').count()).toBe(4);
  await page.getByRole('checkbox', { name: /select all rows/i }).check();
  await expect.poll(() => page.getByTestId('contacts-selection').textContent()).toContain('3 selected');
  await page.getByRole('button', { name: 'Set tag' }).click();
  const tagDialog = page.getByRole('dialog');
  await tagDialog.getByLabel('Tag field').click();
  await page.getByRole('option', { name: 'Tag 2' }).click();
  await tagDialog.getByRole('combobox', { name: 'Value' }).fill('spring');
  await tagDialog.getByRole('button', { name: 'Set tag' }).click();
  await expect.poll(() => page.getByText('3 contacts tagged.').count()).toBe(1);
  const tagged = await api<{ total: number }>(server.baseUrl, 'GET', '/api/contacts?tag2=spring', undefined, session.token);
  expect(tagged.total).toBe(3);

  // Delete one contact from the grid, then another with a bulk delete.
  await page.getByRole('row', { name: /Jonas/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  // One contact: the singular (ICU plurals, issue 18).
  await expect.poll(() => confirm.textContent()).toContain('Delete 1 contact?');
  await confirm.getByRole('button', { name: 'Delete contact', exact: true }).click();
  await expect.poll(() => page.getByText('1 contact moved to the trash.').count()).toBe(1);
  await expect.poll(() => page.getByRole('row', { name: /Jonas/ }).count()).toBe(0);
  await page
    .getByRole('row', { name: /Camille/ })
    .getByRole('menuitem', { name: /delete camille/i })
    .or(page.getByRole('row', { name: /Camille/ }).getByRole('button', { name: /delete camille/i }))
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete contact' }).click();
  await expect.poll(() => page.getByRole('row', { name: /Camille/ }).count()).toBe(0);
  await expect.poll(() => page.getByRole('row').count()).toBe(2);

  // /apps/contacts is the same screen.
  await page.goto('/apps/contacts');
  await expect.poll(() => page.getByRole('row', { name: /Grace/ }).count()).toBe(1);

  expect(problems).toEqual([]);
  await context.close();
});

test("on a 390 px phone the contact cards can be ticked, and the grid's bulk actions act on them from a bar that counts them", async () => {
  for (const [phone, firstName] of [
    ['+33612349901', 'Ana'],
    ['+33612349902', 'Bea'],
    ['+33612349903', 'Cleo'],
  ])
    await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, lastName: 'Phone', tag1: 'handheld' }, session.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(context, session);
  await page.goto('/contacts?tag1=handheld');
  const cards = page.locator('[data-testid="contacts-grid"][data-layout="cards"]').getByTestId('list-card');
  await expect.poll(() => cards.count()).toBe(3);
  await expect.poll(() => page.getByTestId('contacts-total').textContent()).toBe('3 contacts');
  // Nothing ticked: no selection bar.
  expect(await page.getByRole('region', { name: 'Selected contacts' }).count()).toBe(0);

  // Each card's check box is named after its contact.
  await page.getByRole('checkbox', { name: 'Select Ana Phone, +33612349901' }).check();
  const bar = page.getByRole('region', { name: 'Selected contacts' });
  await expect.poll(() => bar.getByRole('status').textContent()).toBe('1 selected');
  await page.getByRole('checkbox', { name: 'Select Bea Phone, +33612349902' }).check();
  await expect.poll(() => bar.getByRole('status').textContent()).toBe('2 selected');
  // The bar stays in view at the bottom of the screen while the list scrolls.
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await expectNoSidewaysScroll(page);

  // The grid's bulk delete, on the two ticked cards.
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect.poll(() => confirm.textContent()).toContain('Delete 2 contacts?');
  await confirm.getByRole('button', { name: 'Delete contacts' }).click();
  await expect.poll(() => page.getByText('2 contacts moved to the trash.').count()).toBe(1);
  await expect.poll(() => cards.count()).toBe(1);
  expect(await cards.first().textContent()).toContain('Cleo');
  expect(await page.getByRole('region', { name: 'Selected contacts' }).count()).toBe(0);
  const left = await api<{ total: number }>(server.baseUrl, 'GET', '/api/contacts?tag1=handheld', undefined, session.token);
  expect(left.total).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('opting a contact back in asks for a consent note, kept with the contact; an agent can neither opt in nor change the number', async () => {
  const { contact } = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+33612349999', firstName: 'Olga', status: 'opted_out' },
    session.token,
  );
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  await page.goto(`/contacts/${contact.id}/edit`);
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Subscribed' }).click();
  await page.getByTestId('consent-note').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByText('Note how the contact agreed to receive messages again').count()).toBe(1);
  await page.getByLabel(/^Consent note/).fill('Asked at the front desk on 3 May');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(new RegExp(`/contacts/${contact.id}$`));
  await expect.poll(() => page.getByTestId('opt-in-note').textContent()).toContain('Asked at the front desk on 3 May');
  expect(problems).toEqual([]);
  await context.close();

  const agent = { name: 'Ali Agent', email: 'ali@example.org', password: 'Agent-Pass-2024' };
  await api(server.baseUrl, 'POST', '/api/users/register', { ...agent, role: 'agent' }, session.token);
  const { contact: other } = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+33612349998', firstName: 'Otto', status: 'opted_out' },
    session.token,
  );
  const agentPage = await openPage(browser, server.baseUrl);
  await useSession(agentPage.context, await signInByApi(server.baseUrl, agent));
  await agentPage.page.goto(`/contacts/${other.id}/edit`);
  await agentPage.page.getByTestId('contact-phone').waitFor();
  expect(await agentPage.page.getByTestId('contact-phone').isDisabled()).toBe(true);
  expect(await agentPage.page.getByText('Only administrators and managers can opt a contact back in.').count()).toBe(1);
  expect(await agentPage.page.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe('true');
  // The agent still edits names and notes.
  await agentPage.page.getByLabel('First name').fill('Otto B.');
  await agentPage.page.getByRole('button', { name: 'Save' }).click();
  await agentPage.page.waitForURL(new RegExp(`/contacts/${other.id}$`));
  expect(agentPage.problems).toEqual([]);
  await agentPage.context.close();
});

test('the date filters download the picker when first wanted; a click on the calendar before it came opens the calendar, keyboard focus moves into the field', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, session);
  const downloaded: string[] = [];
  page.on('request', (request) => downloaded.push(new URL(request.url()).pathname));
  const pickers = () => downloaded.filter((path) => /^\/assets\/picker-field-[\w-]+\.js$/.test(path));
  await page.goto('/contacts');
  await page.getByTestId('contacts-grid').locator('[data-row]').first().waitFor();
  // Two empty date filters on the first screen: the picker's code is not part of the page's download.
  expect(pickers()).toEqual([]);

  // A click on the calendar button before the code came still opens the calendar.
  await page.getByRole('button', { name: 'Choose date' }).first().click();
  const calendar = page.getByRole('dialog');
  await calendar.waitFor();
  expect(pickers()).toHaveLength(1);
  await calendar.getByRole('gridcell', { name: '15' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('createdFrom')).toMatch(/^\d{4}-\d{2}-15$/);

  // The other field, reached from the keyboard, takes the focus in its own sections once it has come.
  await page.getByLabel('Created until').focus();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('spinbutton');
  await page.keyboard.type('01');
  await expect.poll(() => page.getByRole('group', { name: 'Created until' }).textContent()).toContain('01');
  expect(problems).toEqual([]);
  await context.close();
});
