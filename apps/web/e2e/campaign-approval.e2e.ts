import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { tuneSimulator } from './support/simulator.ts';

// Campaign approval (four eyes, decision 101): with a rule of "more than 3 recipients", a manager's
// campaign to 5 contacts is sent for approval from the composer; the administrator opens it from
// the bell's notification and approves it; it launches. The board: a draft dragged to In review
// moves; a move the state machine refuses says why and the card stays.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let manager: Session;

const MANAGER = { name: 'Mia Manager', email: 'mia@example.org', password: 'Manager-Pass-2024' };
const FAST = { acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, failureRate: 0, undeliveredRate: 0, replyRate: 0 };

interface Campaign {
  id: string;
  status: string;
}

const getCampaign = async (id: string) =>
  (await api<{ campaign: Campaign }>(server.baseUrl, 'GET', `/api/campaigns/${id}`, undefined, admin.token)).campaign;
const createDraft = async (name: string) =>
  (await api<{ campaign: Campaign }>(server.baseUrl, 'POST', '/api/campaigns', { name, body: 'Spring sale: 20% off today' }, manager.token))
    .campaign;

beforeAll(async () => {
  server = await startServer({ TZ: 'UTC' });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...MANAGER, role: 'manager' }, admin.token);
  manager = await signInByApi(server.baseUrl, MANAGER);
  for (const [i, name] of ['Amina', 'Bruno', 'Chen', 'Dora', 'Emil'].entries()) {
    await api(server.baseUrl, 'POST', '/api/contacts', { phone: `+3361234580${i}`, firstName: name }, admin.token);
  }
  await tuneSimulator(server.baseUrl, admin.token, FAST);
  await api(server.baseUrl, 'PUT', '/api/settings/campaign-approval', { threshold: 3 }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a manager requests approval from the composer; an admin approves it from the notification; it launches', async () => {
  const draft = await createDraft('Spring sale');

  // The author: over the rule, the composer's button asks for approval instead of sending.
  const author = await openPage(browser, server.baseUrl);
  await useSession(author.context, manager);
  await author.page.goto(`/campaigns/${draft.id}/edit`);
  const request = author.page.getByRole('button', { name: 'Request approval' });
  await request.waitFor();
  expect(await author.page.getByRole('button', { name: 'Send now' }).count()).toBe(0);
  await request.click();
  const dialog = author.page.getByRole('dialog');
  await dialog.getByText('This campaign goes to more recipients than the approval rule allows.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Request approval' }).click();
  await author.page.waitForURL((url) => url.pathname === `/campaigns/${draft.id}`);
  const authorCard = author.page.getByTestId('approval-card');
  await eventually(() => authorCard.getByTestId('approval-state').textContent()).toBe('Awaiting approval');
  // The author cannot decide: no Approve button, and the reason is said.
  expect(await authorCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  await authorCard.getByText('You sent it for approval or wrote it', { exact: false }).waitFor();
  expect(await getCampaign(draft.id)).toMatchObject({ status: 'in_review' });
  expect(await seriousViolations(author.page)).toEqual([]);

  // The administrator: the bell has the request; it opens the campaign, which they approve.
  const approver = await openPage(browser, server.baseUrl);
  await useSession(approver.context, admin);
  await approver.page.goto('/dashboard');
  await approver.page.getByTestId('notification-bell').click();
  const notification = approver.page.getByTestId('notification-campaign_approval_requested');
  await eventually(() => notification.textContent()).toContain('Mia Manager asks you to approve campaign Spring sale');
  await notification.click();
  await approver.page.waitForURL((url) => url.pathname === `/campaigns/${draft.id}`);
  const card = approver.page.getByTestId('approval-card');
  await card.getByRole('button', { name: 'Approve' }).waitFor();
  expect(await seriousViolations(approver.page)).toEqual([]);
  await card.getByRole('textbox', { name: 'Comment' }).fill('Checked the offer, go ahead');
  await card.getByRole('button', { name: 'Approve' }).click();
  await eventually(() => card.getByTestId('approval-state').textContent()).toBe('Approved');
  await eventually(async () => ['sending', 'completed'].includes((await getCampaign(draft.id)).status)).toBe(true);
  await card.getByText('Approved by Ada Admin', { exact: false }).waitFor();
  await card.getByText('“Checked the offer, go ahead”').waitFor();
  await card.getByText('Sent for approval by Mia Manager', { exact: false }).waitFor();

  expect(author.problems).toEqual([]);
  expect(approver.problems).toEqual([]);
  await author.context.close();
  await approver.context.close();
});

test('the board: a draft dragged to In review moves; an illegal move is refused with the reason and the card stays', async () => {
  const draft = await createDraft('Board draft');
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, manager);
  await page.goto('/apps/kanban');
  const cardOf = () => page.locator(`[data-testid="board-card"][data-campaign-id="${draft.id}"]`);
  const columnOf = () => cardOf().locator('xpath=ancestor::section[@data-testid="board-column"]').getAttribute('data-column');
  await cardOf().waitFor();
  expect(await columnOf()).toBe('draft');
  expect(await cardOf().textContent()).toContain('5 recipients');
  expect(await cardOf().textContent()).toContain('By Mia Manager');
  await page.getByTestId('approval-rule').getByText('more than 3 recipients', { exact: false }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  // A drag to Sending is refused: over the rule, it needs approval first.
  await cardOf().dragTo(page.locator('[data-testid="board-column"][data-column="sending"]'));
  await eventually(() => page.getByTestId('board-refusal').textContent()).toContain(
    'campaigns to more than 3 recipients need approval first',
  );
  expect(await columnOf()).toBe('draft');

  // A drag to In review sends it for approval.
  await cardOf().dragTo(page.locator('[data-testid="board-column"][data-column="in_review"]'));
  await eventually(columnOf).toBe('in_review');
  expect(await getCampaign(draft.id)).toMatchObject({ status: 'in_review' });
  await cardOf().getByText('Awaiting approval').waitFor();

  // The keyboard way: the card's menu, "Move to Paused": the state machine refuses, the card stays.
  await page.getByRole('button', { name: 'Move Board draft to…' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move to Paused' }).click();
  await eventually(() => page.getByTestId('board-refusal').textContent()).toBe(
    'Not moved: a campaign that is In review cannot go to Paused.',
  );
  expect(await columnOf()).toBe('in_review');
  expect(await getCampaign(draft.id)).toMatchObject({ status: 'in_review' });
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the columns stack: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await eventually(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  expect(problems).toEqual([]);
  await context.close();
});
