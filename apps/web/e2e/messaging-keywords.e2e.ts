import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { axeBuilder } from './support/axe.ts';

// Issue 6, keywords: the admin edits the keyword lists and their answers on the Messaging tab;
// a word already in another list is refused with the list named; a contact who texts the new
// opt-out word is opted out (source: keyword).
let server: RunningServer;
let browser: Browser;
let admin: Session;

interface KeywordSettings {
  optOutKeywords: string[];
  helpKeywords: string[];
  optOutReply: string;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('edit the keywords on the Messaging tab; the new opt-out word, typed in any case with spaces, opts a contact out', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=messaging');
  const form = page.getByTestId('keywords-form');
  await form.getByRole('heading', { name: 'Keywords and automatic answers' }).waitFor();

  const optOut = form.getByRole('combobox', { name: 'Opt-out keywords' });
  await optOut.fill('arret');
  await optOut.press('Enter');
  await form
    .getByRole('button', { name: 'ARRET' })
    .or(form.getByText('ARRET', { exact: true }))
    .first()
    .waitFor();

  const help = form.getByRole('combobox', { name: 'Help keywords' });
  await help.fill('stop');
  await help.press('Enter');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText('STOP is already in “Opt-out keywords”.').waitFor();
  // The refused change was not sent: the server still has the defaults.
  expect(
    (await api<{ settings: KeywordSettings }>(server.baseUrl, 'GET', '/api/settings/messaging', undefined, admin.token)).settings
      .optOutKeywords,
  ).not.toContain('ARRET');

  await help.click();
  await help.press('Backspace');
  const reply = form.getByRole('textbox', { name: 'Opt-out confirmation' });
  await reply.fill('Vous êtes désinscrit. Envoyez START pour revenir.');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Keywords saved.').waitFor();

  const { settings } = await api<{ settings: KeywordSettings }>(server.baseUrl, 'GET', '/api/settings/messaging', undefined, admin.token);
  expect(settings.optOutKeywords).toContain('ARRET');
  expect(settings.helpKeywords).not.toContain('STOP');
  expect(settings.optOutReply).toBe('Vous êtes désinscrit. Envoyez START pour revenir.');

  const axe = await axeBuilder(page).include('[data-testid="keywords-form"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);

  // A contact answers a campaign with the new word (the simulator replies with it).
  const fast = {
    acceptPerSecond: 500,
    receiptDelayMinMs: 20,
    receiptDelayMaxMs: 50,
    failureRate: 0,
    undeliveredRate: 0,
    replyRate: 1,
    replyDelayMinMs: 20,
    replyDelayMaxMs: 50,
    replyTexts: [' Arret '],
  };
  await tuneSimulator(server.baseUrl, admin.token, fast);
  const { contact } = await api<{ contact: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/contacts',
    { phone: '+33612345690', firstName: 'Zoé' },
    admin.token,
  );
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Keyword check', body: 'Bonjour, répondez OUI ou NON', audience: { type: 'all' } },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);

  const readContact = async () =>
    (
      await api<{ contact: { status: string; optOutSource: string | null } }>(
        server.baseUrl,
        'GET',
        `/api/contacts/${contact.id}`,
        undefined,
        admin.token,
      )
    ).contact;
  await eventually(async () => (await readContact()).status).toBe('opted_out');
  expect((await readContact()).optOutSource).toBe('keyword');
  expect(problems).toEqual([]);
  await context.close();
});
