import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Message templates and saved segments (issue 21): a campaign composed from a template, an inbox
// reply written with a template as a quick reply (merge fields filled from the contact), and a
// segment saved from the contacts list's filter, then chosen as a campaign's audience and sent to.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let camille = '';

interface Template {
  id: string;
  useCount: number;
}

const contact = async (phone: string, firstName: string, tag1: string) =>
  (await api<{ contact: { id: string } }>(server.baseUrl, 'POST', '/api/contacts', { phone, firstName, tag1 }, admin.token)).contact.id;
const template = async (name: string, body: string) =>
  (await api<{ template: Template }>(server.baseUrl, 'POST', '/api/templates', { name, body }, admin.token)).template;
const templateUses = async (id: string) =>
  (await api<{ template: Template }>(server.baseUrl, 'GET', `/api/templates/${id}`, undefined, admin.token)).template.useCount;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  // No simulated replies: a random STOP to an earlier message would opt a choir member out and
  // change the segment campaign's audience (seen once: 1 recipient instead of 2).
  await tuneSimulator(server.baseUrl, admin.token, { replyRate: 0 });
  camille = await contact('+33612345611', 'Camille', 'choir');
  await contact('+33612345612', 'Louis', 'choir');
  await contact('+33612345613', 'Inès', 'other');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('composes a campaign from a template, and saves a text as a template', async () => {
  const reminder = await template('Rehearsal reminder', 'Hi {{first_name}}, rehearsal tonight at 7.');
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('Tonight');
  await page.getByRole('button', { name: 'Start from a template' }).click();
  await page
    .getByTestId('template-picker')
    .getByRole('button', { name: /Rehearsal reminder/ })
    .click();
  await eventually(() => page.getByTestId('campaign-body').inputValue()).toBe('Hi {{first_name}}, rehearsal tonight at 7.');
  await eventually(() => page.getByTestId('sms-encoding').textContent()).toBe('GSM-7');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}/);
  await eventually(() => templateUses(reminder.id)).toBe(1);

  // The templates screen lists it with its use; a new one is saved from there.
  await page.goto('/campaigns/templates');
  const row = page.getByTestId('templates-table').getByRole('row', { name: /Rehearsal reminder/ });
  await eventually(() => row.textContent()).toContain('1');
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('template-name').fill('Broken');
  await dialog.getByTestId('template-body').fill('Hi {{first_name');
  await eventually(() => dialog.getByTestId('template-problems').count()).toBe(1);
  expect(await dialog.getByTestId('template-save').isDisabled()).toBe(true);
  await dialog.getByTestId('template-body').fill('Thanks {{first_name | friend}}!');
  await dialog.getByTestId('template-save').click();
  await eventually(() =>
    page
      .getByTestId('templates-table')
      .getByRole('row', { name: /Broken/ })
      .count(),
  ).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('replies from the inbox with a template, merge fields filled from the contact', async () => {
  const thanks = await template('Thanks', 'Thank you {{first_name}}, see you soon!');
  await api(server.baseUrl, 'POST', `/api/inbox/conversations/${camille}/reply`, { body: 'Hello Camille' }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto(`/apps/chats?contact=${camille}`);
  const thread = page.getByTestId('thread');
  await thread.getByRole('heading', { name: 'Camille' }).waitFor();
  await page.getByRole('button', { name: 'Quick replies' }).click();
  await page.getByRole('menuitem', { name: /^Thanks Thank you/ }).click();
  const composer = page.getByLabel('Reply', { exact: true });
  await eventually(() => composer.inputValue()).toBe('Thank you Camille, see you soon!');
  await page.getByRole('button', { name: 'Send' }).click();
  await thread.locator('[data-direction="out"]').filter({ hasText: 'Thank you Camille' }).waitFor();
  await eventually(() => templateUses(thanks.id)).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('saves a segment from the contacts list and sends a campaign to it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/contacts?tag1=choir');
  await page.getByRole('button', { name: 'Save as segment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('segment-name').fill('Choir');
  await eventually(() => dialog.getByTestId('segment-count').textContent()).toContain('Matches 2 contacts');
  await dialog.getByTestId('segment-save').click();
  await eventually(() => dialog.count()).toBe(0);
  // The list now shows it as its view.
  await eventually(() => page.getByTestId('saved-views').inputValue()).not.toBe('');

  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('Choir news');
  await page.getByTestId('campaign-body').fill('Hello {{first_name}}, choir news!');
  await page.getByRole('radio', { name: 'A saved segment' }).check();
  await page.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: 'Choir' }).click();
  await eventually(() => page.getByTestId('audience-count').getAttribute('data-value')).toBe('2');
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';
  const read = () =>
    api<{ campaign: { status: string; counts: { total: number }; audience: { snapshot: unknown } } }>(
      server.baseUrl,
      'GET',
      `/api/campaigns/${id}`,
      undefined,
      admin.token,
    );
  await eventually(async () => (await read()).campaign.status, 45_000).toBe('completed');
  const { campaign } = await read();
  expect(campaign.counts.total).toBe(2);
  expect(campaign.audience.snapshot).toMatchObject({ segmentName: 'Choir', definition: { tag1: 'choir' } });
  await eventually(() => page.getByText('Segment “Choir” as it was on').count()).toBeGreaterThan(0);
  expect(problems).toEqual([]);
  await context.close();
});
