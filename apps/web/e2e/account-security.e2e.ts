import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Account, type Session } from './support/session.ts';
import { axeBuilder } from './support/axe.ts';

// Account security journeys: a forgotten password reset through the link an admin reads in the
// outbox (no SMTP or SMS gateway on the embedded default), two-step verification set up on the
// account page and then used to sign in, and an axe audit of the code page.
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

/** Creates an account through the admin API. */
async function createAccount(account: Account, role = 'agent'): Promise<void> {
  await api(server.baseUrl, 'POST', '/api/users/register', { ...account, role }, admin.token);
}

/** The path of the newest reset link sent to `email`, read from the admins' outbox. */
async function resetLinkFor(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await api<{ data: Array<{ to: string; body: string }> }>(
          server.baseUrl,
          'GET',
          '/api/mail-outbox?limit=20',
          undefined,
          admin.token,
        );
        // Whole links once a public address is set; paths only before (the setup here sent none).
        const link = /(?:https?:\/\/[^/\s]+)?(\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
          outbox.data.find((entry) => entry.to === email)?.body ?? '',
        );
        path = link?.[1];
        return path;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return path as string;
}

/** The TOTP code an authenticator app shows now (plus `offsetSeconds`). */
const totp = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** Fills the password form of a login page and submits it. */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Pastes `text` into the first box of the code input, as a clipboard paste. */
async function pasteCode(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).evaluate((input, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('forgot password -> reset with the link from the outbox -> sign in with the new password', async () => {
  const account: Account = { name: 'Rosa Reset', email: 'rosa@example.org', password: 'Original-Pass-41' };
  await createAccount(account);
  const { context, page, problems } = await openPage(browser, server.baseUrl);

  await page.goto('/auth/login2');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/auth\/forgot-password2$/);
  // The URL changes before the page's code has loaded: the sign-in form (with its own Email field)
  // is still on screen until then.
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByTestId('forgot-sent');
  await sent.waitFor();
  expect(await sent.textContent()).toContain(`If an account exists for ${account.email}`);

  await page.goto(await resetLinkFor(account.email));
  const fresh = 'Brand-New-Lantern-58';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(fresh);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByTestId('reset-done').waitFor();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth\/login$/);
  await signIn(page, { ...account, password: fresh });
  await page.waitForURL(/\/dashboard$/);
  expect(problems).toEqual([]);
  await context.close();
});

test('the public address: the outbox says links are paths until an admin sets it; managers read it without changing it', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=security');
  await page.getByTestId('outbox-no-address').waitFor();
  await page.getByLabel('Public address').fill('https://sms.example.org/');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByText('Security settings saved.').count()).toBe(1);
  await expect.poll(() => page.getByTestId('outbox-no-address').count()).toBe(0);
  expect(await page.getByLabel('Public address').inputValue()).toBe('https://sms.example.org');
  await context.close();

  const manager: Account = { name: 'Mona Manager', email: 'mona@example.org', password: 'Reads-Settings-62' };
  await createAccount(manager, 'manager');
  const managerPage = await openPage(browser, server.baseUrl);
  await managerPage.page.goto('/auth/login');
  await signIn(managerPage.page, manager);
  await managerPage.page.waitForURL(/\/dashboard$/);
  await managerPage.page.goto('/configurations?tab=security');
  await managerPage.page.getByTestId('security-read-only').waitFor();
  expect(await managerPage.page.getByLabel('Public address').inputValue()).toBe('https://sms.example.org');
  expect(await managerPage.page.getByLabel('Public address').isDisabled()).toBe(true);
  expect(await managerPage.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await managerPage.page.getByTestId('mail-outbox').count()).toBe(0);
  expect([...problems, ...managerPage.problems]).toEqual([]);
  await managerPage.context.close();
  await api(server.baseUrl, 'PUT', '/api/settings/security', { publicAddress: null }, admin.token);
});

test('set up two-step verification on the account page, sign out, sign in with a code', async () => {
  const account: Account = { name: 'Tom Totp', email: 'tom@example.org', password: 'Second-Factor-73' };
  await createAccount(account, 'manager');
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await signIn(page, account);
  await page.waitForURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.waitForURL(/\/pages\/account-settings/);
  await page.getByRole('tab', { name: 'Two-step verification' }).click();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
  // Typed box by box: the cursor moves on, and the full code submits itself.
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(await totp(secret));
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  await page.getByRole('button', { name: 'Done, I have saved them' }).click();
  await expect.poll(() => page.getByText('10 unused recovery codes').count()).toBe(1);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/auth\/login/);
  await signIn(page, account);
  await page.waitForURL(/\/auth\/two-steps$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The enrolment used this 30-second step; the app's next code (one step of drift is allowed) signs in.
  await pasteCode(page, await totp(secret, 30));
  await page.waitForURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(problems).toEqual([]);
  await context.close();
});

test('axe finds no serious violations on the two-steps page (light and dark)', async () => {
  const account: Account = { name: 'Axel Audit', email: 'axel@example.org', password: 'Audit-Ready-64' };
  await createAccount(account);
  const signedIn = await api<Session>(server.baseUrl, 'POST', '/api/users/login', { email: account.email, password: account.password });
  const setup = await api<{ secret: string }>(server.baseUrl, 'POST', '/api/users/me/two-step/setup', undefined, signedIn.token);
  await api(server.baseUrl, 'POST', '/api/users/me/two-step/enable', { code: await totp(setup.secret) }, signedIn.token);

  const { context, page } = await openPage(browser, server.baseUrl);
  for (const mode of ['light', 'dark']) {
    await page.goto('/auth/login');
    await page.evaluate((value) => localStorage.setItem('mui-mode', value), mode);
    await page.reload();
    await signIn(page, account);
    await page.waitForURL(/\/auth\/two-steps$/);
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).waitFor();
    const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(serious, mode).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
  }
  await context.close();
});

test('an admin requires two-step verification; a user enrols at sign-in and keeps recovery codes', async () => {
  const account: Account = { name: 'Ena Enrol', email: 'ena@example.org', password: 'Enrol-At-Login-35' };
  await createAccount(account, 'viewer');
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=security');
  await page.getByRole('radio', { name: 'Required for everyone' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByText('Security settings saved.').count()).toBe(1);
  await context.close();

  try {
    const visitor = await openPage(browser, server.baseUrl);
    await visitor.page.goto('/auth/login2');
    await signIn(visitor.page, account);
    await visitor.page.waitForURL(/\/auth\/two-steps2$/);
    await visitor.page.getByRole('button', { name: 'Set up now' }).click();
    const secret = (await visitor.page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
    await pasteCode(visitor.page, await totp(secret));
    await expect.poll(() => visitor.page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    expect(await visitor.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await visitor.page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await visitor.page.waitForURL(/\/dashboard$/);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  } finally {
    await api(server.baseUrl, 'PUT', '/api/settings/security', { twoStepRequirement: 'none' }, admin.token);
  }
  expect(problems).toEqual([]);
});

test('preferences saved on the account page are applied when the account signs in elsewhere', async () => {
  const account: Account = { name: 'Pia Prefs', email: 'pia@example.org', password: 'Prefer-Dark-Mode-9' };
  await createAccount(account);
  const first = await openPage(browser, server.baseUrl);
  await first.page.goto('/auth/login');
  await signIn(first.page, account);
  await first.page.waitForURL(/\/dashboard$/);
  await first.page.goto('/pages/account-settings?tab=preferences');
  const form = first.page.getByTestId('preferences-form');
  await form.getByLabel('Theme mode').click();
  await first.page.getByRole('option', { name: 'Dark' }).click();
  await form.getByLabel('Language').click();
  await first.page.getByRole('option', { name: 'Français' }).click();
  await first.page.getByRole('button', { name: 'Save preferences' }).click();
  // Applied here at once.
  await expect.poll(() => first.page.evaluate(() => document.documentElement.lang)).toBe('fr');
  expect(first.problems).toEqual([]);
  await first.context.close();

  // Another browser, in English and light mode, until the account signs in.
  const second = await openPage(browser, server.baseUrl);
  await second.page.goto('/auth/login');
  expect(await second.page.evaluate(() => [document.documentElement.lang, localStorage.getItem('mui-mode')])).toEqual(['en', null]);
  await signIn(second.page, account);
  await second.page.waitForURL(/\/dashboard$/);
  await expect
    .poll(() => second.page.evaluate(() => [document.documentElement.lang, localStorage.getItem('mui-mode')]))
    .toEqual(['fr', 'dark']);
  expect(second.problems).toEqual([]);
  await second.context.close();
});
