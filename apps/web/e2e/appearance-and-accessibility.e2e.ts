import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';
import { eventually } from './support/eventually.ts';

// Languages and direction, dark mode, and an axe audit of the sign-in and users pages.
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

/**
 * Opens the top bar's language menu. On a loaded host the first click can land while the frame is
 * still settling and be lost, so it clicks again until the button reports the menu open.
 */
async function openLanguageMenu(page: Page, buttonName: string) {
  // Hidden ones included: the open menu hides the rest of the page from the accessibility tree.
  const button = page.getByRole('button', { name: buttonName, includeHidden: true });
  await eventually(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return button.getAttribute('aria-expanded');
  }).toBe('true');
}

test('choosing Arabic turns the page right-to-left and translates the menu; English turns it back', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboard');
  await openLanguageMenu(page, 'Change language');
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect.poll(() => page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
  const menuDirection = await page
    .getByRole('navigation')
    .first()
    .evaluate((node) => getComputedStyle(node).direction);
  expect(menuDirection).toBe('rtl');
  // The sidebar sits on the right in rtl.
  const box = await page.getByRole('navigation').first().boundingBox();
  expect(box && box.x).toBeGreaterThan(600);

  await page.getByRole('heading', { level: 1 }).waitFor();
  // A CSS locator: the fading menu is hidden from the accessibility tree but still painted.
  await page.locator('[role="menu"]').waitFor({ state: 'detached' });
  expect(await seriousViolations(page)).toEqual([]);

  await openLanguageMenu(page, 'تغيير اللغة');
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  expect(problems).toEqual([]);
  await context.close();
});

test('dark mode applies the dark palette, is kept under mui-mode and survives a reload', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(4, 30, 66)');
  expect(await page.evaluate(() => localStorage.getItem('mui-mode'))).toBe('dark');
  await page.reload();
  await expect.poll(background).toBe('rgb(4, 30, 66)');
  // On a loaded host one click right after the reload was lost (the page still starting, the mode
  // stayed dark): click again until the switch has taken.
  const toLight = page.getByRole('button', { name: 'Switch to light mode' });
  await eventually(async () => {
    if ((await toLight.count()) > 0) await toLight.click({ timeout: 2_000 }).catch(() => undefined);
    return background();
  }).not.toBe('rgb(4, 30, 66)');
  expect(problems).toEqual([]);
  await context.close();
});

test('axe finds no serious violations on the login page (light and dark)', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await page.goto('/auth/login');
  await page.getByLabel('Email').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('mui-mode', 'dark'));
  await page.reload();
  await page.getByLabel('Email').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('axe finds no serious violations on the users page', async () => {
  const { context, page } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/users');
  await page.getByRole('table').waitFor();
  await expect.poll(() => page.getByRole('row', { name: /ada@example\.org/ }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('in Arabic, phone numbers and sender ids stay left-to-right islands (+447..., never 447...+)', async () => {
  await api(server.baseUrl, 'PUT', `/api/users/${admin.user.id}`, { phone: '+447911123429' }, admin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Bidi check', senderId: '+447700900123' },
    admin.token,
  );
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await useSession(context, admin);
  for (const [path, number] of [
    [`/users/${admin.user.id}`, '+447911123429'],
    [`/campaigns/${campaign.id}`, '+447700900123'],
  ] as const) {
    await page.goto(path);
    const shown = page.getByText(number, { exact: true });
    await shown.waitFor();
    const style = await shown.evaluate((node) => [getComputedStyle(node).direction, getComputedStyle(node).unicodeBidi]);
    expect(style, path).toEqual(['ltr', 'isolate']);
  }
  // The contacts list, as a grid and as a phone's cards: an sx `direction` would be flipped to rtl here.
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+447911123430', firstName: 'Bidi' }, admin.token);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/contacts');
    const shown = page.getByTestId('contacts-grid').getByRole('link', { name: '+447911123430', exact: true });
    await shown.waitFor();
    const style = await shown.evaluate((node) => [getComputedStyle(node).direction, getComputedStyle(node).unicodeBidi]);
    expect(style, `/contacts at ${width} px`).toEqual(['ltr', 'isolate']);
  }
  expect(problems).toEqual([]);
  await context.close();
});

test('links in lists are underlined without hovering, whatever the brand colour', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/users');
  const link = page.getByRole('table').getByRole('link', { name: 'Ada Admin' });
  await link.waitFor();
  expect(await link.evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe('underline');
  expect(problems).toEqual([]);
  await context.close();
});

test("the frame's tooltips and settings panel download when first wanted; the panel applies its choices at once and keeps them", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const downloaded: string[] = [];
  page.on('request', (request) => downloaded.push(new URL(request.url()).pathname));
  const fetched = (name: string) => downloaded.filter((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
  // A page without charts or pickers (those bring the tooltip's positioning code themselves).
  await page.goto('/pages/faq');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Not part of the frame's download: the tooltip code comes with the first hover, the panel (and
  // its slider) with the first opening.
  expect([...fetched('tooltip'), ...fetched('customizer-drawer')]).toEqual([]);
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  await settings.hover();
  await eventually(() => page.getByRole('tooltip').textContent()).toBe('Settings');
  expect(fetched('tooltip')).toHaveLength(1);

  await settings.click();
  const title = page.getByRole('heading', { name: 'Settings', level: 2 });
  await title.waitFor();
  expect(fetched('customizer-drawer')).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);

  // A CSS locator: the open panel hides the rest of the page from the accessibility tree.
  const navigationWidth = () =>
    page
      .locator('nav')
      .first()
      .evaluate((node) => node.getBoundingClientRect().width);
  const fullWidth = await navigationWidth();
  await page.getByRole('button', { name: 'Collapsed' }).click();
  await expect.poll(navigationWidth).toBeLessThan(fullWidth / 2);
  const slider = page.getByRole('slider', { name: 'Theme border radius' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('8 px');
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('customizer') ?? '{}') as Record<string, unknown>);
  await expect.poll(stored).toMatchObject({ sidebar: 'mini', borderRadius: 8 });

  await page.getByRole('button', { name: 'Close settings' }).click();
  await title.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(navigationWidth).toBeLessThan(fullWidth / 2);
  // The collapsed sidebar shows icons only: each entry's name shows on hover.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Contacts' }).hover();
  await eventually(() => page.getByRole('tooltip').textContent()).toBe('Contacts');
  // Back to the defaults, for the other tests of this file.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect.poll(navigationWidth).toBe(fullWidth);
  expect(problems).toEqual([]);
  await context.close();
});
