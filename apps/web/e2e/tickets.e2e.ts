import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, FIRST_ADMIN, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { eventually, expectNoSidewaysScroll } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// Conversations as tickets: a conversation the contact started is found under Unassigned, opened
// in the inbox, assigned and resolved from the thread's header; the contact's next reply (the
// simulator answers our message, the normal inbound path) reopens it. And the inbox fills the
// window: a thread of 20 messages shows at least 10 of them at 1366x768 with the reply box in view.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let nadia = '';

const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 50, receiptDelayMaxMs: 150, failureRate: 0, undeliveredRate: 0 };

type Ticket = { status: string; assignee: { id: string; name: string } | null };
const ticketOf = async (contactId: string) =>
  (await api<{ ticket: Ticket }>(server.baseUrl, 'GET', `/api/tickets/${contactId}`, undefined, admin.token)).ticket;
const threadSize = async (contactId: string) =>
  (await api<{ data: unknown[] }>(server.baseUrl, 'GET', `/api/inbox/conversations/${contactId}/messages?limit=50`, undefined, admin.token))
    .data.length;
/** Waits, outside a test (setup), until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const reply = (contactId: string, body: string) =>
  api(server.baseUrl, 'POST', `/api/inbox/conversations/${contactId}/reply`, { body }, admin.token);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  nadia = (
    await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: '+33612345611', firstName: 'Nadia', tag1: 'support' },
      admin.token,
    )
  ).contact.id;
  // Ten messages of ours, each answered by the contact: a thread of 20 (the first answer opens the conversation).
  await tuneSimulator(server.baseUrl, admin.token, {
    ...FAST,
    replyRate: 1,
    replyDelayMinMs: 100,
    replyDelayMaxMs: 200,
    replyTexts: ['I need help'],
  });
  for (let i = 1; i <= 10; i++) {
    await reply(nadia, `Message ${i} from us`);
    await until(async () => (await threadSize(nadia)) === 2 * i, `message ${i} and its answer`);
  }
  await tuneSimulator(server.baseUrl, admin.token, { ...FAST, replyRate: 0 });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a conversation is found under Unassigned, assigned and resolved from the inbox, and a reply reopens it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/tickets');
  await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Tickets' }).count()).toBeGreaterThan(0);
  // Mine is empty: nothing is assigned yet.
  await page.getByTestId('tickets-empty').waitFor();
  await page.getByRole('tab', { name: 'Unassigned' }).click();
  const row = page.locator(`[data-testid="ticket-row"][data-contact-id="${nadia}"]`);
  await row.waitFor();
  expect(await row.getByTestId('ticket-status').getAttribute('data-status')).toBe('open');
  await page.getByTestId('ticket-report').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await row.click();
  await page.waitForURL(/\/apps\/chats\?contact=/);
  const bar = page.getByTestId('ticket-bar');
  await bar.waitFor();
  await bar.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: FIRST_ADMIN.name }).click();
  await eventually(async () => (await ticketOf(nadia)).assignee?.name).toBe(FIRST_ADMIN.name);
  const conversation = page.locator(`[data-testid="conversation"][data-contact-id="${nadia}"]`);
  await eventually(() => conversation.getByTestId('ticket-assignee').textContent()).toBe(FIRST_ADMIN.name);

  await bar.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await bar.getByRole('combobox', { name: 'Labels' }).fill('billing');
  await bar.getByRole('combobox', { name: 'Labels' }).press('Enter');
  await bar.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved' }).click();
  await eventually(() => bar.getAttribute('data-status')).toBe('resolved');
  expect(await ticketOf(nadia)).toMatchObject({
    status: 'resolved',
    assignee: { name: FIRST_ADMIN.name },
    priority: 'urgent',
    labels: ['billing'],
  });
  await eventually(() => conversation.getByTestId('ticket-status').getAttribute('data-status')).toBe('resolved');
  expect(await seriousViolations(page)).toEqual([]);

  // The contact writes again (the simulator answers our message): the conversation reopens, live.
  await tuneSimulator(server.baseUrl, admin.token, {
    ...FAST,
    replyRate: 1,
    replyDelayMinMs: 100,
    replyDelayMaxMs: 200,
    replyTexts: ['Still broken'],
  });
  await reply(nadia, 'Is it fixed now?');
  await eventually(() => bar.getAttribute('data-status'), 20_000).toBe('open');
  await tuneSimulator(server.baseUrl, admin.token, { ...FAST, replyRate: 0 });
  expect((await ticketOf(nadia)).status).toBe('open');
  await eventually(() => conversation.getByTestId('ticket-status').getAttribute('data-status')).toBe('open');

  // Back on the tickets page, it is in Mine, open, with its assignee kept.
  await page.goto('/apps/tickets?view=mine');
  const mine = page.locator(`[data-testid="ticket-row"][data-contact-id="${nadia}"]`);
  await mine.waitFor();
  expect(await mine.getByTestId('ticket-status').getAttribute('data-status')).toBe('open');
  expect(await mine.getByTestId('ticket-priority').textContent()).toBe('Urgent');
  // The report counts the first response (our reply after the contact opened the conversation).
  await eventually(async () => Number(await page.getByTestId('report-by-agent').locator('tbody tr').count())).toBeGreaterThan(1);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the inbox fills the window at 1366x768: at least 10 messages visible, the reply box in view, the page does not scroll', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/apps/chats?contact=${nadia}`);
  const thread = page.getByTestId('thread');
  await eventually(() => thread.getByTestId('message-bubble').count()).toBeGreaterThanOrEqual(20);
  const scroller = await thread.getByTestId('thread-scroller').boundingBox();
  if (!scroller) throw new Error('no thread');
  const boxes = await thread.getByTestId('message-bubble').evaluateAll((bubbles) =>
    bubbles.map((bubble) => {
      const rect = bubble.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom };
    }),
  );
  const visible = boxes.filter((box) => box.top >= scroller.y - 1 && box.bottom <= scroller.y + scroller.height + 1);
  expect(visible.length).toBeGreaterThanOrEqual(10);
  const composer = await page.getByLabel('Reply', { exact: true }).boundingBox();
  if (!composer) throw new Error('no reply box');
  expect(composer.y).toBeGreaterThanOrEqual(0);
  expect(composer.y + composer.height).toBeLessThanOrEqual(768);
  const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
  expect((send?.y ?? 1_000) + (send?.height ?? 0)).toBeLessThanOrEqual(768);
  // The thread scrolls, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
  expect(await seriousViolations(page)).toEqual([]);

  // A phone: the tickets page has no sideways scroll, the thread still shows with its reply box.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/apps/tickets?view=all');
  await page.getByTestId('tickets-cards').waitFor();
  await expectNoSidewaysScroll(page);
  await page.goto(`/apps/chats?contact=${nadia}`);
  await page.getByTestId('ticket-bar').waitFor();
  const phoneComposer = await page.getByLabel('Reply', { exact: true }).boundingBox();
  expect((phoneComposer?.y ?? 1_000) + (phoneComposer?.height ?? 0)).toBeLessThanOrEqual(800);
  await expectNoSidewaysScroll(page);
  expect(problems).toEqual([]);
  await context.close();
});
