import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';
import { seriousViolations } from './support/axe.ts';

// The SMS inbox: a reply to a campaign arrives through the simulator (the normal inbound path)
// and appears in the open inbox without a reload, with an unread badge; opening the thread marks
// it read; a reply sent from the composer is delivered and its status shows. Then: opted-out
// contacts cannot be answered, small screens show list or thread, viewers have no inbox.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const VIEWER = { name: 'Vera Viewer', email: 'vera@example.org', password: 'Correct-Horse-42' };

const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 50, receiptDelayMaxMs: 200, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

let camille = '';
let hugo = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  camille = (
    await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: '+33612345601', firstName: 'Camille', tag1: 'picnic' },
      admin.token,
    )
  ).contact.id;
  hugo = (
    await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: '+33612345604', firstName: 'Hugo', tag1: 'other' },
      admin.token,
    )
  ).contact.id;
  await api(server.baseUrl, 'POST', '/api/users/register', { ...VIEWER, role: 'viewer' }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a reply arrives live with an unread badge; opening marks it read; a reply is sent and delivered', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/chats');
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  // One name per thing: the menu entry says what the page says.
  expect(await page.getByRole('navigation').getByRole('link', { name: 'Inbox' }).count()).toBeGreaterThan(0);
  await page.getByTestId('conversations-empty').waitFor();
  await eventually(() => page.getByTestId('live-state').getAttribute('data-live')).toBe('true');

  // Every delivered message gets the reply "Count me in" about a second later.
  await tuneSimulator(server.baseUrl, admin.token, {
    ...FAST,
    replyRate: 1,
    replyDelayMinMs: 1_000,
    replyDelayMaxMs: 1_500,
    replyTexts: ['Count me in'],
  });
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Picnic', body: 'Picnic on Sunday? Reply YES', audience: { type: 'filter', filter: { tag1: 'picnic' } } },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${campaign.id}/launch`, undefined, admin.token);

  // No reload: the stream brings it in.
  const row = page.locator(`[data-testid="conversation"][data-contact-id="${camille}"]`);
  await row.waitFor({ timeout: 20_000 });
  await expect.poll(() => row.textContent()).toContain('Count me in');
  await expect.poll(() => row.getByTestId('unread-badge').textContent()).toBe('1');
  await tuneSimulator(server.baseUrl, admin.token, { ...FAST, replyRate: 0 });

  expect(await seriousViolations(page)).toEqual([]);

  await row.click();
  const thread = page.getByTestId('thread');
  await thread.getByRole('heading', { name: 'Camille' }).waitFor();
  await eventually(() => thread.getByTestId('message-bubble').count()).toBe(2);
  const [outbound, inbound] = [thread.locator('[data-direction="out"]').first(), thread.locator('[data-direction="in"]').first()];
  expect(await outbound.textContent()).toContain('Campaign: Picnic');
  expect(await outbound.textContent()).toContain('Picnic on Sunday? Reply YES');
  expect(await outbound.getByTestId('message-status').getAttribute('data-status')).toBe('delivered');
  expect(await inbound.textContent()).toContain('Count me in');
  // Opened = read: the badge goes, for the whole team (the API says so too).
  await eventually(() => row.getByTestId('unread-badge').count()).toBe(0);
  // The badge goes at once (optimistic); the mark reaches the server just after.
  const unreadOnServer = async () => {
    const list = await api<{ data: Array<{ contactId: string; unread: number }> }>(
      server.baseUrl,
      'GET',
      '/api/inbox/conversations',
      undefined,
      admin.token,
    );
    return list.data.find((c) => c.contactId === camille)?.unread;
  };
  await eventually(unreadOnServer).toBe(0);

  const composer = page.getByLabel('Reply', { exact: true });
  await composer.fill('Great, see you Sunday!');
  await eventually(() => page.getByTestId('segment-counter').textContent()).toContain('1 SMS (GSM-7)');
  await composer.fill('Great, see you Sunday! 🧺');
  await eventually(() => page.getByTestId('segment-counter').textContent()).toContain('(UCS-2)');
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = thread.locator('[data-direction="out"]').filter({ hasText: 'see you Sunday' });
  await mine.waitFor();
  await eventually(() => mine.getByTestId('message-status').getAttribute('data-status')).toBe('delivered');
  expect(await mine.textContent()).toContain('Delivered');
  expect(await composer.inputValue()).toBe('');
  // The conversation's preview is now our reply.
  await eventually(() => row.textContent()).toContain('You: Great, see you Sunday!');

  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('opted-out contacts cannot be answered; small screens show list or thread; history links to the inbox', async () => {
  await api(server.baseUrl, 'POST', `/api/inbox/conversations/${hugo}/reply`, { body: 'Hello Hugo' }, admin.token);
  await api(server.baseUrl, 'PUT', `/api/contacts/${hugo}`, { status: 'opted_out' }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.setViewportSize({ width: 390, height: 800 });

  // The contact page lists the history and opens the conversation in the inbox.
  await page.goto(`/contacts/${hugo}`);
  const history = page.getByTestId('contact-messages');
  await eventually(() => history.getByTestId('history-row').count()).toBe(1);
  expect(await history.textContent()).toContain('Hello Hugo');
  await history.getByRole('link', { name: 'Open in inbox' }).click();
  await page.waitForURL(/\/apps\/chats\?contact=/);

  // Small screen: the thread alone, with the explanation instead of a composer.
  const thread = page.getByTestId('thread');
  await thread.getByRole('heading', { name: 'Hugo' }).waitFor();
  await page.getByTestId('composer-opted-out').waitFor();
  expect(await page.getByTestId('composer-opted-out').textContent()).toContain('opted out');
  expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
  expect(await page.getByTestId('conversation').count()).toBe(0);
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await eventually(() => page.getByTestId('conversation').count()).toBe(2);
  expect(await page.getByTestId('thread').count()).toBe(0);
  // The opted-out filter chip.
  await page.getByRole('button', { name: 'Opted out', exact: true }).click();
  await eventually(() => page.getByTestId('conversation').count()).toBe(1);
  expect(await page.getByTestId('conversation').getAttribute('data-contact-id')).toBe(hugo);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('right-to-left: bubbles mirror and phone numbers stay left-to-right', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(`/apps/chats?contact=${camille}`);
  await eventually(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const thread = page.getByTestId('thread');
  await thread.locator('[data-direction="in"]').first().waitFor();
  const box = await thread.getByRole('log').boundingBox();
  const inbound = await thread.locator('[data-direction="in"]').first().boundingBox();
  const outbound = await thread.locator('[data-direction="out"]').first().boundingBox();
  if (!box || !inbound || !outbound) throw new Error('no layout');
  // In Arabic the contact's messages sit on the right, ours on the left.
  expect(inbound.x + inbound.width).toBeGreaterThan(box.x + box.width - 4);
  expect(outbound.x).toBeLessThan(box.x + 4);
  expect(await page.locator(`[data-testid="conversation"][data-contact-id="${camille}"] bdi[dir="ltr"]`).first().textContent()).toBe(
    '+33612345601',
  );
  expect(problems).toEqual([]);
  await context.close();
});

test('viewers have no inbox: no menu entry, and the page says so', async () => {
  const viewer = await signInByApi(server.baseUrl, VIEWER);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, viewer);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Inbox' }).count()).toBe(0);
  await page.goto('/apps/chats');
  await page.getByRole('heading', { name: 'No access' }).waitFor();
  expect(await page.getByTestId('thread').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
