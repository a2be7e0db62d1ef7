import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// The contact timeline (issue 35): a contact imported from a file, sent a campaign on the
// simulator that it answers, then another it answers with STOP, shows each of those events on its
// page, newest first; a note written there with an @mention reaches the mentioned colleague's bell,
// which opens the contact; the notes page lists it under "mentions me".
let server: RunningServer;
let browser: Browser;
let admin: Session;
let managerId = '';

const MANAGER = { name: 'Maria Manager', email: 'maria@example.org', password: 'Correct-Horse-42' };
const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 50, receiptDelayMaxMs: 200, failureRate: 0, undeliveredRate: 0 };
const CSV = ['Mobile,First name,Last name', '+447400555001,Tina,Timeline'].join('\r\n');

/** A campaign to everyone that the simulator answers with `reply`, launched and completed. */
async function campaignAnswered(name: string, reply: string, contactId: string): Promise<void> {
  await tuneSimulator(server.baseUrl, admin.token, {
    ...FAST,
    replyRate: 1,
    replyDelayMinMs: 100,
    replyDelayMaxMs: 300,
    replyTexts: [reply],
  });
  // The engine looks at a gateway's settings again at most every 2 s: until then the simulator
  // built with the previous ones would answer with the previous text.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name, body: `${name}: reply please`, audience: { type: 'all' } },
    admin.token,
  );
  await launchUntilCompleted(server.baseUrl, admin.token, campaign.id);
  // The answer comes a moment after delivery: wait until the contact's timeline holds it.
  await timelineHolds(
    contactId,
    (items) => items.some((item) => item.kind === 'reply' && item.body === reply),
    `the reply "${reply}" to ${name}`,
  );
}

type TimelineItem = { kind: string; body?: string; messageKind?: string; sentAt?: string | null };

/** Waits until the contact's timeline (through the API, newest first) matches. */
async function timelineHolds(contactId: string, matches: (items: TimelineItem[]) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { data } = await api<{ data: TimelineItem[] }>(
      server.baseUrl,
      'GET',
      `/api/contacts/${contactId}/timeline`,
      undefined,
      admin.token,
    );
    if (matches(data)) return;
    if (Date.now() > deadline) throw new Error(`the timeline never held ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const registered = await api<{ user: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/users/register',
    { ...MANAGER, role: 'manager' },
    admin.token,
  );
  managerId = registered.user.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the contact page tells the story newest first, and a note with a mention reaches the colleague', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);

  // A real import, through the upload page.
  await page.goto('/contacts/upload');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'timeline.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/contacts\/upload\?import=/);
  await page.getByRole('button', { name: 'Start import' }).click();
  await eventually(() => page.getByTestId('import-result').textContent(), 30_000).toContain('Import complete');
  const { data } = await api<{ data: Array<{ id: string }> }>(server.baseUrl, 'GET', '/api/contacts?search=Tina', undefined, admin.token);
  const contactId = data[0]?.id ?? '';
  expect(contactId).not.toBe('');

  await campaignAnswered('Spring fair', 'Yes please', contactId);
  await campaignAnswered('Autumn fair', 'STOP', contactId);
  // The opt-out's confirmation takes its place in the story when the gateway takes it (its send
  // time), and the simulator answers it with STOP again (which is not confirmed twice): under load
  // both can come after the note below, so wait until the confirmation has gone and been answered.
  await timelineHolds(
    contactId,
    (items) => {
      const confirmation = items.findIndex((item) => item.messageKind === 'auto' && Boolean(item.sentAt));
      return confirmation > 0 && items.slice(0, confirmation).some((item) => item.kind === 'reply');
    },
    'the opt-out confirmation sent and answered',
  );
  // The conversation changes hands, then is resolved (the tickets' history is part of the story).
  await api(server.baseUrl, 'PATCH', `/api/tickets/${contactId}`, { assigneeId: managerId }, admin.token);
  await api(server.baseUrl, 'PATCH', `/api/tickets/${contactId}`, { status: 'resolved' }, admin.token);

  await page.goto(`/contacts/${contactId}`);
  const timeline = page.getByTestId('contact-timeline');
  const items = timeline.getByTestId('timeline-item');
  await eventually(() => items.count(), 15_000).toBeGreaterThanOrEqual(6);
  const texts = await items.allTextContents();
  const at = (text: string) => texts.findIndex((line) => line.includes(text));
  // Newest first: the opt-out keyword, the second campaign, the first answer, the first campaign, the import.
  expect(at('Imported from timeline.csv')).toBe(texts.length - 1);
  // The conversation's changes, after the STOP (the opt-out's confirmation may still come after them).
  expect(at('Conversation resolved by Ada Admin')).toBeGreaterThanOrEqual(0);
  expect(at('Conversation resolved by Ada Admin')).toBeLessThan(at('Conversation assigned to Maria Manager by Ada Admin'));
  expect(at('Conversation assigned to Maria Manager by Ada Admin')).toBeLessThan(at('Opt-out keyword received'));
  expect(at('Opt-out keyword received')).toBeGreaterThanOrEqual(0);
  expect(at('Opted out (keyword)')).toBeGreaterThanOrEqual(0);
  expect(at('Opt-out keyword received')).toBeLessThan(at('Campaign Autumn fair · Delivered'));
  expect(at('Campaign Autumn fair · Delivered')).toBeLessThan(at('Reply to campaign Spring fair'));
  expect(at('Reply to campaign Spring fair')).toBeLessThan(at('Campaign Spring fair · Delivered'));
  expect(at('Campaign Spring fair · Delivered')).toBeLessThan(at('Imported from timeline.csv'));
  expect(texts[at('Reply to campaign Spring fair')]).toContain('Yes please');
  // The import links to its result, the campaign to its page.
  expect(await timeline.getByRole('link', { name: 'timeline.csv' }).getAttribute('href')).toMatch(/\/contacts\/upload\?import=/);
  expect(await timeline.getByRole('link', { name: 'Spring fair' }).count()).toBeGreaterThan(0);

  // A note with a mention: typing @ suggests colleagues.
  const box = page.getByRole('combobox', { name: 'Add an internal note' });
  await box.fill('Asked us to stop. ');
  await box.pressSequentially('@Mar');
  await page.getByRole('option', { name: 'Maria Manager' }).click();
  await box.pressSequentially('please check the consent.');
  expect(await box.inputValue()).toBe('Asked us to stop. @Maria Manager please check the consent.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByTestId('contact-notes').getByTestId('note');
  await eventually(() => note.first().textContent()).toContain('@Maria Manager please check the consent.');
  // The timeline shows it as its newest event.
  await eventually(() => items.first().textContent()).toContain('Note by Ada Admin');
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();

  // The manager's bell has the mention, which opens the contact.
  const manager = await signInByApi(server.baseUrl, MANAGER);
  const second = await openPage(browser, server.baseUrl);
  await useSession(second.context, manager);
  await second.page.goto('/dashboard');
  // Besides the import's, campaigns' and replies' notifications a manager also receives.
  await eventually(() => second.page.getByTestId('notification-count').getAttribute('data-value').then(Number), 15_000).toBeGreaterThan(0);
  await second.page.getByTestId('notification-bell').click();
  const mention = second.page.getByTestId('notification-note_mention');
  await eventually(() => mention.textContent()).toContain('Ada Admin mentioned you in a note on Tina Timeline');
  expect(await seriousViolations(second.page)).toEqual([]);
  await mention.click();
  await second.page.waitForURL((url) => url.pathname === `/contacts/${contactId}`);
  await eventually(() => second.page.getByTestId('contact-notes').textContent()).toContain('please check the consent');

  // The notes page: "mentions me" finds it, linking to the contact.
  await second.page.goto('/apps/notes');
  await second.page.getByRole('heading', { name: 'Notes', level: 1 }).waitFor();
  await second.page
    .getByRole('switch', { name: 'Mentions me' })
    .or(second.page.getByRole('checkbox', { name: 'Mentions me' }))
    .check();
  await eventually(() => second.page.getByTestId('note').count()).toBe(1);
  expect(await second.page.getByTestId('note-contact').getAttribute('href')).toBe(`/contacts/${contactId}`);
  // Not the author: no edit, and a manager may not delete another's note.
  expect(await second.page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
  expect(await second.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
  expect(await seriousViolations(second.page)).toEqual([]);

  // On a 390 px phone neither the notes page nor the contact's timeline scrolls sideways.
  await second.page.setViewportSize({ width: 390, height: 844 });
  const sideways = () => second.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // The layout follows the new width a render later (media queries): read it once it has settled.
  await eventually(() => second.page.getByTestId('note').count()).toBe(1);
  await eventually(sideways).toBeLessThanOrEqual(0);
  await second.page.goto(`/contacts/${contactId}`);
  await eventually(() => second.page.getByTestId('timeline-item').count()).toBeGreaterThanOrEqual(7);
  await eventually(sideways).toBeLessThanOrEqual(0);
  expect(second.problems).toEqual([]);
  await second.context.close();
});
