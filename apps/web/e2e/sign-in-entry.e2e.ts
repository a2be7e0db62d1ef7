import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, FIRST_ADMIN, openPage, seedAdmin, signInByApi, type Session } from './support/session.ts';

// The sign-in page has its own entry without MUI (decision 071): the server answers /auth/login
// with it, and the app takes over when the visitor goes on. The same page also shows inside the
// app (after signing out), with the app's session, router and colour mode.
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

/** Code of the app's frame, each found by a text only its library ships. */
const APP_LIBRARIES = {
  MUI: 'MuiButtonBase',
  'TanStack Query': 'No QueryClient set',
  'React Router': 'may be used only in the context of a <Router>',
};

/** Collects which of APP_LIBRARIES the page's scripts have brought so far. */
function librariesLoaded(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    for (const [name, marker] of Object.entries(APP_LIBRARIES)) if (body.includes(marker)) seen.add(name);
  });
  return seen;
}

/** Marks the document: the mark is gone if the page reloads. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('/auth/login comes without MUI, router or query cache; signing in opens the dashboard in the same document', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const loaded = librariesLoaded(page);
  await page.goto('/auth/login?redirect=%2Fcontacts');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect([...loaded]).toEqual([]);
  await markDocument(page);

  // Typing brings nothing of the app either: its code running then could hold up the keys.
  await page.getByLabel('Email address').pressSequentially('ada@');
  await page.waitForTimeout(500);
  expect([...loaded]).toEqual([]);
  await page.getByLabel('Email address').fill('');

  // Nothing is checked before the first submit; after it each change checks again.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => page.getByText('This field is required.').count()).toBe(2);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
  await page.getByLabel('Email address').fill(FIRST_ADMIN.email);
  await expect.poll(() => page.getByText('This field is required.').count()).toBe(1);

  // A wrong password: the reason shows above the fields, nothing is stored.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('login-error').filter({ hasText: 'Invalid email or password.' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await fillSignIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/contacts');
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  expect(await sameDocument(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  // The app took over: its libraries arrived after the sign-in, not with the page.
  expect([...loaded].sort()).toEqual(Object.keys(APP_LIBRARIES).sort());
  expect(problems.filter((problem) => !problem.includes('Login failed'))).toEqual([]);
  await context.close();
});

/** The sign-in button's colour, the mark's and the page's text colour, as the browser computes them. */
const colours = (page: Page) =>
  page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent === 'Sign in');
    const style = (element: Element | null | undefined) => (element ? getComputedStyle(element) : null);
    return {
      button: style(button)?.backgroundColor,
      buttonText: style(button)?.color,
      card: style(document.querySelector('main'))?.backgroundColor,
      text: style(document.querySelector('h1'))?.color,
    };
  });

async function switchMode(page: Page, to: 'dark' | 'light') {
  await page.getByRole('button', { name: `Switch to ${to} mode` }).click();
  await page.waitForFunction((mode) => document.documentElement.classList.contains(mode), to);
  // The button's colour eases over 250 ms.
  await page.waitForTimeout(400);
}

test("the page shows the brand's colours in light and dark, the same from its entry and inside the app", async () => {
  await api(server.baseUrl, 'PUT', '/api/brand-settings', { primaryColor: '#8A2BE2' }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent === 'Sign in');
    return button && getComputedStyle(button).backgroundColor === 'rgb(138, 43, 226)';
  });
  const entryLight = await colours(page);
  expect(entryLight.button).toBe('rgb(138, 43, 226)');
  await switchMode(page, 'dark');
  const entryDark = await colours(page);
  expect(entryDark.button).not.toBe(entryLight.button);
  await switchMode(page, 'light');

  // Inside the app: sign in, sign out, and the app's router shows the same page with MUI's variables.
  await fillSignIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => document.querySelector('style[data-emotion]') !== null)).toBe(true);
  expect(await colours(page)).toEqual(entryLight);
  await switchMode(page, 'dark');
  expect(await colours(page)).toEqual(entryDark);
  expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('dark');
  expect(problems).toEqual([]);
  // Signing out ended every session of the account: the brand goes back with a new one.
  await api(server.baseUrl, 'PUT', '/api/brand-settings', { primaryColor: '#041E42' }, (await signInByApi(server.baseUrl)).token);
  await context.close();
});

test('the language list translates the page and turns Arabic right-to-left; the app keeps both after signing in', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByRole('combobox', { name: 'Change language' }).selectOption('ar');
  await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

  await page.getByRole('textbox').first().fill(FIRST_ADMIN.email);
  await page.locator('input[name="password"]').fill(FIRST_ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('customizer') ?? '{}').direction)).toBe('rtl');
  expect(problems).toEqual([]);
  await context.close();
});

test("its links open the app's pages in the same document, and Back returns to the page inside the app", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await markDocument(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  expect(await sameDocument(page)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * The computed measures of the sign-in page's text field, button, card and heading: on the sign-in
 * page (sign-in.css) they must equal those of MUI's own on the app's pages (decision 082): the
 * radius, the field's box, outline and label, the type. Colours are compared above.
 */
const measures = (page: Page, mui: boolean) =>
  page.evaluate((mui) => {
    const input = document.querySelector('input[name="email"]') as HTMLInputElement;
    const outline = input.parentElement?.querySelector('fieldset');
    const label = document.querySelector(`label[for="${input.id}"]`);
    const button = document.querySelector('button[type="submit"]');
    const card = mui ? document.querySelector('.MuiCard-root') : document.querySelector('main');
    const pick = (element: Element | null | undefined, names: string[]) => {
      const style = element ? getComputedStyle(element) : null;
      return Object.fromEntries(names.map((name) => [name, style?.getPropertyValue(name)]));
    };
    return {
      field: pick(input, ['padding-top', 'padding-left', 'padding-right', 'height', 'font-size', 'line-height', 'font-family']),
      outline: pick(outline, ['border-top-left-radius', 'border-bottom-right-radius', 'border-top-width', 'border-top-color']),
      label: pick(label, ['font-size', 'line-height', 'color']),
      button: pick(button, ['border-top-left-radius', 'font-size', 'font-weight', 'line-height', 'padding-top', 'padding-left']),
      card: pick(card, ['border-top-left-radius', 'box-shadow', 'max-width']),
      heading: pick(document.querySelector('h1'), ['font-size', 'font-weight', 'line-height']),
    };
  }, mui);

test("the page's field, button, card and heading measure as MUI's on the app's pages, the theme's radius included, from its entry and inside the app", async () => {
  for (const [mode, borderRadius] of [
    ['light', undefined],
    ['dark', 14],
  ] as const) {
    const { context, page, problems } = await openPage(browser, server.baseUrl);
    await context.addInitScript(
      ({ mode, borderRadius }) => {
        window.localStorage.setItem('mui-mode', mode);
        if (borderRadius !== undefined) window.localStorage.setItem('customizer', JSON.stringify({ borderRadius }));
      },
      { mode, borderRadius },
    );
    await page.goto('/auth/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const signIn = await measures(page, false);
    expect(signIn.outline['border-top-left-radius']).toBe(`${borderRadius ?? 7}px`);

    // The app's own page with MUI's text field, button and card (the same document: the app takes over).
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
    await page.locator('.MuiCard-root input[name="email"]').waitFor();
    // Not focused (the page may focus its field), and past the label's 200 ms colour transition.
    await page.locator('.MuiCard-root input[name="email"]').blur();
    await page.waitForTimeout(400);
    expect(await measures(page, true)).toEqual(signIn);
    // And the same page inside the app, on the variables MUI's theme writes.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.waitForTimeout(400);
    expect(await measures(page, false)).toEqual(signIn);
    expect(problems).toEqual([]);
    await context.close();
  }
});
