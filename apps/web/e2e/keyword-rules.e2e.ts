import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { eventually, expectNoSidewaysScroll } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 35, keyword rules (decision 104): an administrator makes a rule that tags and answers on
// the Keyword rules tab and tries it in the test box; a contact answers a campaign with the word
// (through the simulator: the normal inbound path); the inbox shows on the reply what the rule
// did, and the automatic answer in the thread. The rule also assigns the conversation to a
// person (the tickets, decision 100): the reply says so and the conversation is theirs.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let nadia = '';

const QUIET = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 50, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await tuneSimulator(server.baseUrl, admin.token, QUIET);
  nadia = (
    await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: '+33612345677', firstName: 'Nadia', tag1: 'members' },
      admin.token,
    )
  ).contact.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('an admin makes a rule that tags and answers; a reply with its word is tagged and answered, and the inbox says so', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=keyword-rules');
  await page.getByRole('heading', { name: 'Keyword rules', level: 2 }).waitFor();
  await page.getByText('No keyword rules yet.', { exact: false }).waitFor();

  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByTestId('keyword-rule-form');
  await form.getByRole('textbox', { name: 'Name' }).fill('VIP');
  await form.getByRole('textbox', { name: 'Reply words' }).fill('vip, gold');
  // Action 1 is a tag (tag1) by default.
  await form.getByRole('textbox', { name: 'Value' }).fill('vip');
  await form.getByRole('button', { name: 'Add an action' }).click();
  await form.getByRole('combobox', { name: 'Action 2' }).click();
  await page.getByRole('option', { name: 'Send an automatic answer' }).click();
  await form.getByRole('textbox', { name: 'Answer' }).fill('Welcome to the VIP list!');
  await form.getByRole('button', { name: 'Add an action' }).click();
  await form.getByRole('combobox', { name: 'Action 3' }).click();
  await page.getByRole('option', { name: 'Assign the conversation' }).click();
  await form.getByRole('combobox', { name: 'Assign to' }).click();
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save rule' }).click();
  await page.getByText('Keyword rule saved').waitFor();
  const rule = page.getByTestId('keyword-rule');
  await rule.waitFor();
  expect(await rule.textContent()).toContain('Rule 1: VIP');
  expect(await rule.textContent()).toContain('GOLD');
  expect(await rule.textContent()).toContain('Answer: Welcome to the VIP list!');
  expect(await rule.textContent()).toContain('Assign to Ada Admin');

  // The test box: what would happen to "Vip." (nothing is written).
  const tester = page.getByTestId('keyword-rule-test');
  await tester.getByRole('textbox', { name: 'Reply text' }).fill('Vip.');
  await tester.getByRole('button', { name: 'Test' }).click();
  const outcome = page.getByTestId('keyword-rule-test-outcome');
  await outcome.getByText('tagged vip (tag1) by rule “VIP”').waitFor();
  await outcome.getByText('answered automatically by rule “VIP”').waitFor();
  await outcome.getByText('assigned to Ada Admin by rule “VIP”').waitFor();
  await tester.getByRole('textbox', { name: 'Reply text' }).fill('STOP');
  await tester.getByRole('button', { name: 'Test' }).click();
  await outcome.getByText('This is an opt-out keyword', { exact: false }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  // On a phone the rules and their buttons fit the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Edit VIP' }).waitFor();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nadia answers the campaign "vip" a few seconds after it is delivered. Replies are turned off
  // once it is: the simulator then hands over the reply it holds at once, and does not answer
  // the automatic answer in turn.
  await tuneSimulator(server.baseUrl, admin.token, {
    ...QUIET,
    replyRate: 1,
    replyDelayMinMs: 8_000,
    replyDelayMaxMs: 9_000,
    replyTexts: ['vip'],
  });
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Members', body: 'Reply VIP to join the VIP list', audience: { type: 'filter', filter: { tag1: 'members' } } },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);
  await eventually(
    async () =>
      (
        await api<{ campaign: { counts: { delivered: number } } }>(
          server.baseUrl,
          'GET',
          `/api/campaigns/${campaign.id}`,
          undefined,
          admin.token,
        )
      ).campaign.counts.delivered,
    20_000,
  ).toBe(1);
  await tuneSimulator(server.baseUrl, admin.token, { ...QUIET, replyRate: 0 });

  const contact = async () =>
    (await api<{ contact: { tag1: string | null } }>(server.baseUrl, 'GET', `/api/contacts/${nadia}`, undefined, admin.token)).contact;
  await eventually(async () => (await contact()).tag1, 20_000).toBe('vip');

  await page.goto(`/apps/chats?contact=${nadia}`);
  const thread = page.getByTestId('thread');
  await thread.getByRole('heading', { name: 'Nadia' }).waitFor();
  const reply = thread.locator('[data-direction="in"]').filter({ hasText: 'vip' }).first();
  await reply.getByText('tagged vip (tag1) by rule “VIP”').waitFor({ timeout: 20_000 });
  await reply.getByText('answered automatically by rule “VIP”').waitFor();
  await reply.getByText('assigned to Ada Admin by rule “VIP”').waitFor();
  expect(
    (await api<{ ticket: { assignee: { name: string } | null } }>(server.baseUrl, 'GET', `/api/tickets/${nadia}`, undefined, admin.token))
      .ticket.assignee?.name,
  ).toBe('Ada Admin');
  await thread.locator('[data-direction="out"]').filter({ hasText: 'Welcome to the VIP list!' }).first().waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
