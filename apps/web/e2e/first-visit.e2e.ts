import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// A first visit announces the page's own code in the HTML (decision 062): the browser fetches it
// while reading the HTML, and the app adds no second link for any of those files at start-up.
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

// The build's own links (index.html's, the sign-in page's: decision 071) and the server's, with a nonce.
const announced = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

test.each([
  ['/auth/login', 'Sign in', false],
  ['/landingpage', null, false],
  ['/dashboard', 'Dashboard', true],
] as const)('%s: its code is in the HTML, every file exists, and the app adds no duplicate link', async (path, heading, signedIn) => {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  const files = announced(html);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) expect((await fetch(`${server.baseUrl}${file}`)).status, file).toBe(200);

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  if (signedIn) await useSession(context, admin);
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1 });
  if (heading) await title.filter({ hasText: heading }).first().waitFor();
  else await title.first().waitFor();
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname),
  );
  for (const file of files)
    expect(
      linked.filter((href) => href === file),
      file,
    ).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});

// The first render waits for a signed-out page's code (preloaded at start-up) and commits that page
// at once: React's own loader never appears in between (decision 047). Before, the router's lazy
// page always suspended once, so the app committed its loader, then the page.
test.each([
  ['/auth/login', 'Sign in'],
  ['/landingpage', null],
] as const)('%s: the first render commits the page itself, not the app loader first', async (path, heading) => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.addInitScript(() => {
    const seen = { loader: false };
    Object.assign(window, { __firstVisit: seen });
    new MutationObserver(() => {
      if (document.querySelector('#root .MuiCircularProgress-root')) seen.loader = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1 });
  if (heading) await title.filter({ hasText: heading }).first().waitFor();
  else await title.first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { __firstVisit: { loader: boolean } }).__firstVisit.loader)).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

// The corner buttons' tooltips (language, light/dark) load on the first hover or focus, not with the
// signed-out page (decision 047); they still show, and a keyboard user keeps the focus on the button.
// (The sign-in page has its own corner buttons without MUI: sign-in-entry.e2e.ts.)
test('/auth/forgot-password: the corner tooltips load on first hover or focus, show, and keep the focus', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/auth/forgot-password');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('/tooltip-'))).toEqual([]);

  const language = page.getByRole('button', { name: 'Change language' });
  await language.hover();
  await page.getByRole('tooltip', { name: 'Change language' }).waitFor();
  expect(scripts.filter((path) => path.includes('/tooltip-'))).toHaveLength(1);

  // Another fresh visit, by keyboard: the button mounts again inside the tooltip and keeps the focus.
  const second = await context.newPage();
  await second.goto('/auth/forgot-password');
  await second.getByRole('heading', { level: 1 }).waitFor();
  const mode = second.getByRole('button', { name: /Switch to (dark|light) mode/ });
  await second.keyboard.press('Tab'); // keyboard modality: a focused button then shows its tooltip
  await mode.focus();
  await second.getByRole('tooltip', { name: /Switch to (dark|light) mode/ }).waitFor();
  expect(await second.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/Switch to (dark|light) mode/);
  expect(problems).toEqual([]);
  await context.close();
});

// The first pages load no zod (decision 064): building the contracts' schemas at start-up was most
// of the sign-in page's blocking time. The sign-in form still checks with the contracts' rule,
// loaded on the form's first focus or validation.
test.each([['/auth/login'], ['/landingpage']] as const)('%s: the first visit loads no zod', async (path) => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const zodFiles: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text()).includes('$ZodObject')) zodFiles.push(new URL(response.url()).pathname);
  });
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(zodFiles).toEqual([]);

  if (path === '/auth/login') {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('This field is required.').first().waitFor();
    expect(zodFiles.length).toBeGreaterThan(0);
  }
  expect(problems).toEqual([]);
  await context.close();
});
