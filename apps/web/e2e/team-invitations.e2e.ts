import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually, expectNoSidewaysScroll } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// The team's journey on the embedded default (no SMTP server): an admin invites a person, the link
// is shown once in the dialog, the person opens it in a browser of their own, chooses a password and
// signs in; the admin then finds a password reset in the e-mail log. Both pages pass axe.
let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Fills the password form of the sign-in page and submits it. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

test('an admin invites a person, who opens the link once shown, sets a password and signs in', async () => {
  const person = { name: 'Ivy Invited', email: 'ivy@example.org', password: 'Chosen-By-Ivy-93' };
  const adminPage = await openPage(browser, server.baseUrl);
  await useSession(adminPage.context, admin);
  const { page } = adminPage;
  await page.goto('/apps/friends');
  await page.getByTestId('team-table').waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('invite-open').click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Name').fill(person.name);
  await dialog.getByTestId('invite-submit').click();
  const linkBox = dialog.getByTestId('invitation-link');
  await linkBox.waitFor();
  const link = await linkBox.inputValue();
  expect(link).toMatch(new RegExp(`^${server.baseUrl}/auth/invitation\\?token=[A-Za-z0-9_-]+$`));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByTestId('invite-done').click();
  // Listed as invited; the link is nowhere on the page any more.
  const row = page.locator(`[data-testid="team-row"][data-email="${person.email}"]`);
  await row.waitFor();
  expect(await row.locator('[data-status="invited"]').count()).toBe(1);
  expect(await row.getByTestId('team-availability').count()).toBe(0);
  expect(await page.getByTestId('invitation-link').count()).toBe(0);

  // The person, in a browser of their own.
  const guest = await openPage(browser, server.baseUrl);
  await guest.page.goto(link.replace(server.baseUrl, ''));
  await guest.page.getByRole('heading', { name: `Welcome, ${person.name}` }).waitFor();
  expect(await seriousViolations(guest.page)).toEqual([]);
  await guest.page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await guest.page.getByRole('textbox', { name: 'Confirm password' }).fill(person.password);
  await guest.page.getByRole('button', { name: 'Activate my account' }).click();
  await guest.page.getByTestId('invitation-accepted').waitFor();
  await guest.page.getByRole('link', { name: 'Go to sign in' }).click();
  await guest.page.waitForURL(/\/auth\/login$/);
  await signIn(guest.page, person.email, person.password);
  await guest.page.waitForURL(/\/dashboard$/);

  expect(guest.problems).toEqual([]);
  // The link works once: opened again, it says the invitation was used (the lookup's 400 is that answer).
  await guest.page.goto(link.replace(server.baseUrl, ''));
  await eventually(() => guest.page.getByTestId('invitation-refused').getAttribute('data-reason')).toBe('used');
  await guest.context.close();

  // The admin's list shows the person active.
  await page.reload();
  await eventually(() => row.locator('[data-status="active"]').count()).toBe(1);
  // Their figures: available for new conversations, none open, no notes (an invitation has none of these).
  expect(await row.getByTestId('team-availability').textContent()).toBe('Available');
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells.slice(-3, -1)).toEqual(['0', '0']);
  // On a phone: cards, no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('team-cards').waitFor();
  await expectNoSidewaysScroll(page);
  expect(adminPage.problems).toEqual([]);
  await adminPage.context.close();
});

test('the admin finds a password reset in the e-mail log, without its text', async () => {
  await api(
    server.baseUrl,
    'POST',
    '/api/users/register',
    { name: 'Rob Reset', email: 'rob@example.org', password: 'Rob-Original-71', role: 'agent' },
    admin.token,
  );
  await api(server.baseUrl, 'POST', '/api/users/forgot-password', { email: 'rob@example.org' });
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/apps/email');
  await page.getByTestId('email-log-table').waitFor();
  await page.getByTestId('email-log-search').fill('rob@example.org');
  const row = page.locator('[data-testid="email-log-row"][data-email-kind="password_reset"]');
  // The reset is sent by a background job: reload until it is in the log.
  await eventually(async () => {
    if ((await row.count()) === 0) {
      await page.reload();
      await page.getByTestId('email-log-search').fill('rob@example.org');
      await page.waitForTimeout(500);
    }
    return row.count();
  }, 20_000).toBe(1);
  expect(await row.textContent()).toContain('Password reset');
  // No SMTP server on the embedded default: the message went to the outbox, and the log says so.
  expect(await row.textContent()).toContain('No SMTP server configured');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^Open/ }).click();
  const entry = page.getByTestId('email-entry');
  await entry.waitFor();
  expect(await entry.textContent()).toContain('The text of this e-mail is not kept');
  expect(await entry.textContent()).not.toContain('token=');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Close' }).click();
  // On a phone: cards, no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('email-log-cards').waitFor();
  await expectNoSidewaysScroll(page);
  expect(problems).toEqual([]);
  await context.close();
});
