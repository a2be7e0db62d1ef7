import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';

// Issue 36, the design gallery: every template-demo address of the specification (seed-spec
// section 2) opens a real screen of the product's components, each sub-page a section of its
// group's page; any signed-in staff role may look; the brand's colour shows in it.
const SPEC_ROUTES = [
  ...['autocomplete', 'button', 'checkbox', 'radio', 'slider', 'date-time', 'date-range', 'switch'].map(
    (name) => `/forms/form-elements/${name}`,
  ),
  ...['form-tiptap', 'form-layouts', 'form-horizontal', 'form-vertical', 'form-custom', 'form-wizard', 'form-validation'].map(
    (name) => `/forms/${name}`,
  ),
  ...['basic', 'collapsible', 'enhanced', 'fixed-header', 'pagination', 'search'].map((name) => `/tables/${name}`),
  ...[
    'basic',
    'column-visiblity',
    'drag-drop',
    'dense',
    'editable',
    'empty',
    'expanding',
    'filter',
    'pagination',
    'row-selection',
    'sorting',
    'sticky',
  ].map((name) => `/react-tables/${name}`),
  ...['line', 'gredient', 'doughnut-pie', 'area', 'column', 'candlestick', 'radialbar'].map((name) => `/charts/${name}`),
  '/muicharts',
  '/mui-trees/simpletree',
  ...['alert', 'accordion', 'avatar', 'chip', 'dialog', 'list', 'popover', 'rating', 'tabs', 'tooltip', 'transfer-list', 'typography'].map(
    (name) => `/ui-components/${name}`,
  ),
  ...['cards', 'banners', 'charts'].map((name) => `/widgets/${name}`),
];
const GROUP_PAGES = ['/forms', '/tables', '/react-tables', '/charts', '/muicharts', '/mui-trees', '/ui-components', '/widgets'];

const VIEWER = { name: 'Vera Viewer', email: 'vera@example.org', password: 'Viewer-Pass-2024' };
const NAVY = 'rgb(4, 30, 66)'; // the default brand primary #041E42
const PINK = 'rgb(233, 30, 99)'; // #E91E63

let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...VIEWER, role: 'viewer' }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const heading = async (page: Page) => {
  await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
  return (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
};

test('every template-demo address of the specification opens its group page at its section (a viewer looking)', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, await signInByApi(server.baseUrl, VIEWER));
  for (const route of SPEC_ROUTES) {
    await page.goto(route);
    const title = await heading(page);
    expect(new URL(page.url()).pathname, route).toBe(route);
    expect(title, route).not.toMatch(/not found|404/i);
    // The group's components are there, and the sub-page's section is the one outlined.
    await eventually(() => page.locator('section[id^="section-"]').count(), 20_000).toBeGreaterThan(0);
    if (route !== '/muicharts') expect(await page.locator('section[data-active="true"]').count(), route).toBe(1);
  }
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});

test('each group page: real components, axe clean, no sideways scroll on a 390 px phone, and right to left in Arabic', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const titles = new Set<string>();
  for (const route of GROUP_PAGES) {
    await page.goto(route);
    titles.add(await heading(page));
    await eventually(() => page.locator('section[id^="section-"]').count(), 20_000).toBeGreaterThan(0);
    expect(await seriousViolations(page), route).toEqual([]);
  }
  expect(titles.size).toBe(GROUP_PAGES.length);

  // The form's validation messages are the product's own.
  await page.goto('/forms/form-validation');
  const form = page.locator('#section-validation');
  await form.getByRole('button', { name: 'Send' }).click();
  await eventually(() => form.getByText('This field is required.').count()).toBeGreaterThan(2);
  // The list kit pages, sorts and searches the sample rows.
  await page.goto('/react-tables/pagination');
  const list = page.getByTestId('gallery-list');
  await eventually(() => list.locator('tbody tr').count()).toBe(10);
  await page.getByRole('searchbox', { name: 'Search by name or phone' }).fill('no such person');
  await eventually(() => list.getByText('No contact matches this search').count()).toBe(1);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of GROUP_PAGES) {
    await page.goto(route);
    await heading(page);
    await eventually(() => page.locator('section[id^="section-"]').count(), 20_000).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
  }

  // Arabic: the page reads right to left, in Arabic.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/ui-components/alert');
  await eventually(() => page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await heading(page)).toBe('مكوّنات الواجهة');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});

test("the brand tab links to the gallery, whose primary button takes the brand's primary colour (after a reload)", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=brand');
  await page.getByRole('link', { name: 'See your brand across the app' }).click();
  await eventually(() => new URL(page.url()).pathname).toBe('/ui-components');
  await page.goto('/forms/form-elements/button');
  const primary = page.getByTestId('gallery-primary-button');
  const background = () => primary.evaluate((element) => getComputedStyle(element).backgroundColor);
  await eventually(background).toBe(NAVY);

  await api(server.baseUrl, 'PUT', '/api/brand-settings', { primaryColor: '#E91E63' }, admin.token);
  // Another session's change reaches an open page at its next load (the app does not push brand changes).
  await page.reload();
  await eventually(background).toBe(PINK);
  await page.goto('/widgets/banners');
  await eventually(() => page.getByTestId('gallery-welcome-banner').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    PINK,
  );

  await api(server.baseUrl, 'PUT', '/api/brand-settings', { primaryColor: '#041E42' }, admin.token);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});

test('the gallery follows a brand colour change live: saved in the brand tab, shown on going back, without a reload', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/forms/form-elements/button');
  const primary = page.getByTestId('gallery-primary-button');
  const background = () => primary.evaluate((element) => getComputedStyle(element).backgroundColor);
  await eventually(background).toBe(NAVY);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // Into the brand tab inside the app (the main menu), change the colour and save.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Configurations' }).click();
  await page.getByRole('tab', { name: 'Brand' }).click();
  await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#E91E63');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await eventually(() => page.getByText('Brand settings saved').count()).toBe(1);

  // Back to the gallery: the same document, already in the new colour.
  // (the tab is chosen in place: one step back is the gallery)
  await page.goBack();
  await eventually(() => new URL(page.url()).pathname).toBe('/forms/form-elements/button');
  await eventually(background).toBe(PINK);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await api(server.baseUrl, 'PUT', '/api/brand-settings', { primaryColor: '#041E42' }, admin.token);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});
