import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { tuneSimulator } from './support/simulator.ts';

// Issue 6, the whole journey as a user lives it, in one browser session: import contacts from a
// CSV through the wizard; compose a campaign to everyone and send it now on the simulator; watch
// the replies come into the open inbox live; read the tag1 report; list the non-responders and
// follow them up (the draft opens with the original text, and reaches exactly those still
// subscribed: one who phoned in was opted out by the admin); the contact who texted STOP is opted
// out and got the confirmation. The same numbers everywhere.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const CAMPAIGN_NAME = 'Storm check';
const BODY = 'Are you safe after the storm? Reply YES or NO';
const OPT_OUT_REPLY = 'You have been unsubscribed and will receive no more messages. Reply START to subscribe again.';

// [phone, first name, group (tag1), reply or null]. north 5 (4 replied: YES 2, NO 2), south 4
// (2 replied: YES, STOP), no group 3 (1 replied: MAYBE). 7 of 12 replied; 5 did not.
const CONTACTS: Array<[string, string, string, string | null]> = [
  ['+33612340001', 'Nora', 'north', 'YES'],
  ['+33612340002', 'Nils', 'north', 'yes!'],
  ['+33612340003', 'Noah', 'north', 'No thanks'],
  ['+33612340004', 'Ned', 'north', 'no'],
  ['+33612340005', 'Nina', 'north', null],
  ['+33612340006', 'Sami', 'south', 'Yes'],
  ['+33612340007', 'Sol', 'south', 'STOP'],
  ['+33612340008', 'Sara', 'south', null],
  ['+33612340009', 'Sven', 'south', null],
  ['+33612340010', 'Zoé', '', 'Maybe later'],
  ['+33612340011', 'Zack', '', null],
  ['+33612340012', 'Zia', '', null],
];
const REPLIERS = CONTACTS.filter(([, , , reply]) => reply !== null);
const NON_RESPONDERS = CONTACTS.filter(([, , , reply]) => reply === null)
  .map(([, name]) => name)
  .sort();
const STOP_PHONE = '+33612340007';
/** Zia: does not answer, then asks the office to be removed. */
const CALLER_PHONE = '+33612340012';
const FOLLOWED_UP = NON_RESPONDERS.filter((name) => name !== 'Zia');

// The CSV a user exports from a spreadsheet: a bad phone number on the sixth data row.
const CSV = [
  'Phone,First name,Group',
  ...CONTACTS.slice(0, 5).map(([phone, name, group]) => `${phone},${name},${group}`),
  '12ab,Broken,north',
  ...CONTACTS.slice(5).map(([phone, name, group]) => `${phone},${name},${group}`),
].join('\r\n');

interface Gateway {
  id: string;
  config: Record<string, unknown>;
}

/** Polls until the value matches. */
const campaignStatus = (page: Page) => page.getByTestId('campaign-progress').getByTestId('campaign-status').getAttribute('data-status');
const countOf = (page: Page, status: string) => page.getByTestId(`count-${status}`).locator('dd').getAttribute('data-value');
const gridNames = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('[data-row] [data-field="name"]').allTextContents()).sort();

/**
 * A stand-in for Twilio's REST API on loopback: the replies come in through a Twilio number, so
 * the opt-out confirmation goes back out through it. Records every message it is asked to send.
 */
const sentThroughTwilio: Array<Record<string, string>> = [];
let fakeTwilio: Server;
async function startFakeTwilio(): Promise<string> {
  fakeTwilio = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url?.endsWith('/Messages.json')) {
        sentThroughTwilio.push(Object.fromEntries(new URLSearchParams(body)));
        response.statusCode = 201;
        response.end(JSON.stringify({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }));
        return;
      }
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => fakeTwilio.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(fakeTwilio.address() as AddressInfo).port}`;
}

/** Replies arrive the way a carrier delivers them: signed Twilio "message comes in" webhooks. */
async function receiveReplies(replies: Array<[from: string, body: string]>): Promise<void> {
  const authToken = randomBytes(16).toString('hex');
  const { gateway } = await api<{ gateway: Gateway }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    { name: 'Reply number', kind: 'twilio', config: { accountSid: `AC${'0'.repeat(32)}`, from: '+14155550100' }, secrets: { authToken } },
    admin.token,
  );
  const url = `${server.baseUrl}/api/gateways/twilio/${gateway.id}/inbound`;
  for (const [from, body] of replies) {
    const form: Record<string, string> = {
      AccountSid: `AC${'0'.repeat(32)}`,
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: from,
      To: '+14155550100',
      Body: body,
      NumMedia: '0',
    };
    const signed =
      url +
      Object.keys(form)
        .sort()
        .map((name) => name + form[name])
        .join('');
    const signature = createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(form).toString(),
    });
    if (response.status !== 200) throw new Error(`inbound webhook -> ${response.status}: ${await response.text()}`);
  }
}

beforeAll(async () => {
  // Twilio's address is fixed; only the server's environment points it at the stand-in.
  server = await startServer({ TWILIO_API_BASE_URL: await startFakeTwilio() });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  // The simulated carrier, quick and reliable; the replies are the test's own (below).
  const fast = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, failureRate: 0, undeliveredRate: 0, replyRate: 0 };
  await tuneSimulator(server.baseUrl, admin.token, fast);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (fakeTwilio ? fakeTwilio.close(resolve) : resolve(undefined)));
});

test('import, send to everyone, replies live in the inbox, tag1 and non-responder reports, follow-up, STOP', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);

  // 1. Import the CSV through the wizard: 13 rows, 12 contacts, the bad row rejected with its reason.
  await page.goto('/contacts/upload');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'storm-contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
  await eventually(() => page.getByTestId('import-file-name').textContent()).toBe('storm-contacts.csv');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/contacts\/upload\?import=/);
  await eventually(() => page.getByTestId('import-mapping-table').textContent()).toContain('Nora');
  expect(await page.getByTestId('map-column-0').textContent()).toBe('Phone number');
  expect(await page.getByTestId('map-column-1').textContent()).toBe('First name');
  expect(await page.getByTestId('map-column-2').textContent()).toBe('Tag 1');
  await page.getByRole('button', { name: 'Start import' }).click();
  await eventually(() => page.getByTestId('import-result').textContent(), 30_000).toContain('Import complete');
  const importCount = async (key: string) => Number(await page.getByTestId(`count-${key}`).locator('dd').getAttribute('data-value'));
  expect(await importCount('rowsRead')).toBe(13);
  expect(await importCount('created')).toBe(12);
  expect(await importCount('duplicates')).toBe(0);
  expect(await importCount('rejected')).toBe(1);
  expect(await page.getByTestId('import-invariant').textContent()).toContain('Every row is accounted for.');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const errorLines = readFileSync(await (await downloading).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(errorLines).toHaveLength(2);
  expect(errorLines[0]).toMatch(/row_number/);
  // Data row 6 is line 7 of the file; the reason names the phone number.
  expect(errorLines[1]).toMatch(/^"?7"?,/);
  expect(errorLines[1]).toContain('12ab');
  expect(errorLines[1]?.toLowerCase()).toMatch(/phone|number/);

  // 2. Compose a campaign to everyone and send it now; watch it complete on the campaign page.
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill(CAMPAIGN_NAME);
  await page.getByTestId('campaign-body').fill(BODY);
  await eventually(() => page.getByTestId('audience-count').getAttribute('data-value')).toBe('12');
  await page.getByRole('button', { name: 'Send now' }).click();
  const launch = page.getByRole('dialog');
  await eventually(() => launch.getByTestId('launch-recipients').textContent()).toBe('12');
  await launch.getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignId = page.url().split('/').pop() ?? '';
  await eventually(() => campaignStatus(page), 45_000).toBe('completed');
  await eventually(() => countOf(page, 'delivered')).toBe('12');
  for (const status of ['failed', 'undelivered', 'skipped', 'sent', 'queued']) expect(await countOf(page, status)).toBe('0');
  expect(await page.getByTestId('campaign-processed').textContent()).toContain('12');

  // 3. The inbox is open (and live) before the replies arrive; they appear without a reload.
  await page.goto('/apps/chats');
  await page.getByTestId('conversations-empty').waitFor();
  await eventually(() => page.getByTestId('live-state').getAttribute('data-live')).toBe('true');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await receiveReplies(REPLIERS.map(([phone, , , reply]) => [phone, reply ?? '']));
  const conversations = page.getByTestId('conversation');
  await eventually(() => conversations.count(), 20_000).toBe(REPLIERS.length);
  await eventually(() => page.getByTestId('unread-badge').allTextContents()).toEqual(REPLIERS.map(() => '1'));
  const contactIds = new Map<string, string>();
  const { data: listed } = await api<{ data: Array<{ id: string; phone: string }> }>(
    server.baseUrl,
    'GET',
    '/api/contacts?limit=50',
    undefined,
    admin.token,
  );
  for (const contact of listed) contactIds.set(contact.phone, contact.id);
  expect(contactIds.size).toBe(12);
  const conversationOf = (phone: string) => page.locator(`[data-testid="conversation"][data-contact-id="${contactIds.get(phone)}"]`);
  for (const [phone, name, , reply] of REPLIERS) {
    expect(await conversationOf(phone).textContent()).toContain(name);
    if (phone !== STOP_PHONE) expect(await conversationOf(phone).textContent()).toContain(reply);
  }
  // Sol's STOP opted them out; the confirmation went back through the number they wrote to.
  await eventually(() => conversationOf(STOP_PHONE).textContent()).toContain('Opted out');
  await eventually(() => sentThroughTwilio.length).toBe(1);
  expect(sentThroughTwilio[0]).toMatchObject({ To: STOP_PHONE, From: '+14155550100', Body: OPT_OUT_REPLY });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // 4. The tag1 report: groups, recipients, replies and reply words agree with what was sent.
  await page.goto(`/reports/tag1-grouped/${campaignId}`);
  await page.getByTestId('tag1-table').waitFor();
  await eventually(() => page.getByTestId('tag1-totals').locator('td').first().textContent()).toBe('12');
  expect(await page.getByTestId('tag1-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tag1')))).toEqual([
    'north',
    'south',
    '',
  ]);
  const group = (tag1: string) => page.locator(`[data-testid="tag1-row"][data-tag1="${tag1}"]`);
  const cells = async (tag1: string) => ({
    recipients: await group(tag1).getByTestId('cell-recipients').textContent(),
    replied: await group(tag1).getByTestId('cell-replied').textContent(),
    notReplied: await group(tag1).getByTestId('cell-notReplied').textContent(),
    words: (await group(tag1).getByTestId('cell-words').textContent())?.replace(/\s+/g, ' ').trim(),
  });
  expect(await cells('north')).toEqual({ recipients: '5', replied: '4', notReplied: '1', words: 'NO 2 · YES 2' });
  expect(await cells('south')).toEqual({ recipients: '4', replied: '2', notReplied: '2', words: 'STOP 1 · YES 1' });
  expect(await cells('')).toEqual({ recipients: '3', replied: '1', notReplied: '2', words: 'MAYBE 1' });
  expect(await group('north').getByTestId('cell-responseRate').textContent()).toBe('80%');
  // Totals: recipients, delivered, failed, replied, not replied, response rate, opted out in answer
  // (Sol's STOP: reply-figures.ts), every reply word.
  const totals = (await page.getByTestId('tag1-totals').locator('td').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
  expect(totals).toEqual(['12', '12', '0', '7', '5', '58.3%', '1', 'YES 3 · NO 2 · MAYBE 1 · STOP 1']);

  // The delivery report and the reports list say the same.
  await page.goto(`/reports/delivery/${campaignId}`);
  const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('dd');
  await eventually(() => figure('recipients').getAttribute('data-value')).toBe('12');
  expect(await figure('delivered').getAttribute('data-value')).toBe('12');
  expect(await figure('replied').getAttribute('data-value')).toBe('7');
  expect(await figure('optedOut').getAttribute('data-value')).toBe('1');
  await page.goto('/reports');
  const listRow = page.getByRole('row', { name: new RegExp(CAMPAIGN_NAME) });
  await eventually(() => listRow.locator('[data-field="recipients"]').textContent()).toBe('12');
  expect(await listRow.locator('[data-field="repliedPct"]').textContent()).toBe('58.3%');
  expect(await listRow.locator('[data-field="optedOut"]').textContent()).toBe('1');
  // And the campaign's own page: replies, response rate, the reached who did not answer, and the
  // average rate of the finished campaign (not "0 messages per second").
  await page.goto(`/campaigns/${campaignId}`);
  const tile = (key: string) => page.getByTestId(`campaign-${key}`).locator('dd');
  await eventually(() => tile('replied').getAttribute('data-value')).toBe('7');
  expect(await tile('response-rate').textContent()).toBe('58.3%');
  expect(await tile('not-replied').getAttribute('data-value')).toBe('5');
  expect(await tile('opted-out').getAttribute('data-value')).toBe('1');
  expect(await page.getByTestId('campaign-average-rate').textContent()).toMatch(/^Average rate: [\d.,]+ messages? per second$/);

  // Zia, who did not answer, phones the office to be taken off the list: the admin opts them out.
  await page.goto(`/contacts/${contactIds.get(CALLER_PHONE)}/edit`);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Opted out' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`**/contacts/${contactIds.get(CALLER_PHONE)}`);
  await eventually(() => page.getByTestId('opt-out-info').textContent()).toContain('by a team member');

  // 5. Non-responders: exactly the five who did not answer (Zia marked opted out); the follow-up
  // reaches the four who can still be sent to.
  await page.goto(`/reports/non-responders/${campaignId}`);
  await eventually(() => page.getByTestId('non-responders-total').getAttribute('data-value')).toBe('5');
  await eventually(() => gridNames(page, 'non-responders-grid')).toEqual(NON_RESPONDERS);
  const optedOutRows = page
    .getByTestId('non-responders-grid')
    .locator('[data-row]')
    .filter({ has: page.locator('[data-field="optedOut"] .MuiChip-root') });
  expect(await optedOutRows.locator('[data-field="name"]').allTextContents()).toEqual(['Zia']);
  await page.getByRole('button', { name: 'Follow up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow up non-responders' });
  expect(await dialog.getByRole('radio', { name: /^All non-responders/ }).isChecked()).toBe(true);
  await eventually(() => dialog.getByTestId('follow-up-count').getAttribute('data-value')).toBe('4');
  expect(await dialog.getByTestId('follow-up-opted-out').getAttribute('data-value')).toBe('1');
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}\/edit$/);
  const followUpId = page.url().split('/').at(-2) ?? '';
  await eventually(() => page.getByTestId('campaign-body').inputValue()).toBe(BODY);
  expect(await page.getByLabel('Campaign name').inputValue()).toBe(`Follow-up: ${CAMPAIGN_NAME}`);
  await eventually(() => page.getByTestId('audience-count').getAttribute('data-value')).toBe('4');
  await page.getByRole('button', { name: 'Send now' }).click();
  const launchFollowUp = page.getByRole('dialog');
  await eventually(() => launchFollowUp.getByTestId('launch-recipients').textContent()).toBe('4');
  await launchFollowUp.getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(`**/campaigns/${followUpId}`);
  await eventually(() => campaignStatus(page), 45_000).toBe('completed');
  await eventually(() => countOf(page, 'delivered')).toBe('4');
  expect(await countOf(page, 'skipped')).toBe('0');
  // Its recipients are the non-responders still subscribed, by name.
  await page.goto(`/reports/delivery/${followUpId}`);
  await eventually(() => figure('recipients').getAttribute('data-value')).toBe('4');
  await eventually(() => gridNames(page, 'recipients-grid')).toEqual(FOLLOWED_UP);

  // 6. Sol is opted out by keyword: the contact page says so and shows the confirmation; the
  // inbox thread has STOP and the confirmation; the follow-up did not reach Sol.
  const solId = contactIds.get(STOP_PHONE) ?? '';
  await page.goto(`/contacts/${solId}`);
  await eventually(() => page.getByTestId('opt-out-info').textContent()).toContain('by a STOP keyword reply');
  const history = page.getByTestId('contact-messages');
  await eventually(() => history.getByTestId('history-row').count()).toBe(3);
  expect(await history.getByTestId('history-row').allTextContents()).toEqual([
    expect.stringContaining(OPT_OUT_REPLY),
    expect.stringContaining('STOP'),
    expect.stringContaining(BODY),
  ]);
  expect((await history.textContent()) ?? '').not.toContain(`Follow-up: ${CAMPAIGN_NAME}`);
  await history.getByRole('link', { name: 'Open in inbox' }).click();
  await page.waitForURL(/\/apps\/chats\?contact=/);
  const thread = page.getByTestId('thread');
  await thread.getByRole('heading', { name: 'Sol' }).waitFor();
  await eventually(() => thread.getByTestId('message-bubble').count()).toBe(3);
  expect(await thread.locator('[data-direction="in"]').textContent()).toContain('STOP');
  const confirmation = thread.locator('[data-direction="out"]').last();
  expect(await confirmation.textContent()).toContain(OPT_OUT_REPLY);
  // Accepted by the carrier (no delivery receipt comes back from the stand-in).
  expect(await confirmation.getByTestId('message-status').getAttribute('data-status')).toBe('sent');
  await page.getByTestId('composer-opted-out').waitFor();
  // Opening the thread read it: six unread conversations are left.
  await eventually(() => page.getByTestId('unread-badge').count()).toBe(REPLIERS.length - 1);

  expect(problems).toEqual([]);
  await context.close();
}, 180_000);
