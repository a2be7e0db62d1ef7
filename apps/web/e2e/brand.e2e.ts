import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Session } from './support/session.ts';
import { eventually } from './support/eventually.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 3, browser part: the admin re-themes the app from /configurations, uploads a logo, a
// favicon and a sign-in background, sees them everywhere (sign-in pages too), resets; a viewer
// sees the brand read-only.
let server: RunningServer;
let browser: Browser;
let admin: Session;

const VIEWER = { name: 'Vera Viewer', email: 'vera@example.org', password: 'Viewer-Pass-2024' };
const NAVY = 'rgb(4, 30, 66)'; // default brand primary #041E42
const PINK = 'rgb(233, 30, 99)'; // #E91E63

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

/** A solid PNG of the given size. */
const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
const faviconHref = (page: Page) => page.locator('link[rel="icon"]').getAttribute('href');
/** Polls until the value matches: pages load lazily, so allow the same 10 s as locators. */
/** Serious and critical axe violations, as readable one-liners. */

const avatar = '[role="banner"] .MuiAvatar-root, header .MuiAvatar-root';

test('the admin re-themes the app, uploads brand images, sees them on the sign-in pages and resets', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const puts: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/brand-settings')) puts.push(request.postDataJSON());
  });

  // The hub opens on the Brand tab and says so in the URL.
  await page.goto('/configurations');
  await page.waitForURL(/\/configurations\?tab=brand$/);
  await eventually(() => page.getByRole('tab', { name: 'Brand' }).getAttribute('aria-selected')).toBe('true');
  expect(await background(page, avatar)).toBe(NAVY);
  expect(await faviconHref(page)).toBe('/favicon.svg');

  // Client validation with the spec's messages.
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('#12');
  await primary.blur();
  await eventually(() => page.getByText('Invalid color format. Use hex format (#RRGGBB)').count()).toBe(1);
  const width = page.getByRole('spinbutton', { name: 'Logo width' });
  await width.fill('20');
  await width.blur();
  await eventually(() => page.getByText('Logo width must be between 50 and 500 pixels').count()).toBe(1);

  // Valid edits show in the live preview before saving; the app keeps its colours until then.
  await primary.fill('#E91E63');
  await width.fill('240');
  await page.getByRole('textbox', { name: 'Application name' }).fill('Acme Messaging');
  await eventually(() => background(page, '[data-testid="preview-primary-button"]')).toBe(PINK);
  await eventually(() => page.getByTestId('preview-app-name').textContent()).toBe('Acme Messaging');
  expect(await background(page, avatar)).toBe(NAVY);

  // Save sends only the changed fields and re-themes the app at once.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await eventually(() => page.getByText('Brand settings saved').count()).toBe(1);
  expect(puts).toEqual([{ primaryColor: '#E91E63', logoWidth: 240, appName: 'Acme Messaging' }]);
  await eventually(() => background(page, avatar)).toBe(PINK);
  await eventually(() => page.title()).toBe('Configurations | Acme Messaging');
  await eventually(() => page.getByRole('navigation', { name: 'Main menu' }).getByText('Acme Messaging').count()).toBe(1);
  await page.goto('/users');
  await eventually(() => background(page, 'a.MuiButton-contained.MuiButton-colorPrimary')).toBe(PINK);
  await page.goto('/configurations?tab=brand');

  // A file of the wrong type is refused before any upload, with the server's message.
  const logoInput = page.locator('input[type="file"][name="logo"]');
  await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await eventually(() => page.getByTestId('upload-logo-error').textContent()).toBe('Logo must be a PNG, JPEG, WebP or SVG image');

  // Logo: progress in percent while it uploads (the answer is held back a moment to see it).
  await page.route('**/api/brand-settings/logo', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(360, 105, '#E91E63') });
  await eventually(() => page.getByTestId('upload-logo-progress').textContent()).toMatch(/^Uploading… \d{1,3}%$/);
  await eventually(() => page.getByText('Logo uploaded').count()).toBe(1);
  const sidebarLogo = page.getByRole('navigation', { name: 'Main menu' }).getByTestId('brand-logo');
  await eventually(() => sidebarLogo.getAttribute('src')).toMatch(/^\/api\/brand-assets\/[0-9a-f]{64}\.png$/);
  // Shown at the configured size (240 x 70 from the form) and loaded under the CSP.
  expect(await sidebarLogo.evaluate((img: HTMLImageElement) => [img.width, img.height, getComputedStyle(img).objectFit])).toEqual([
    222,
    65,
    'contain',
  ]);
  await eventually(() => sidebarLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Not flush against the sidebar's corner: at least the default mark's margins (24 px in, 12 px down).
  const sidebarBox = await page.getByRole('navigation', { name: 'Main menu' }).boundingBox();
  const logoBox = await sidebarLogo.boundingBox();
  expect(logoBox && sidebarBox && logoBox.y - sidebarBox.y).toBeGreaterThanOrEqual(12);
  expect(logoBox && sidebarBox && logoBox.x - sidebarBox.x).toBeGreaterThanOrEqual(24);

  // Favicon: the page's icon link follows it.
  await page
    .locator('input[type="file"][name="favicon"]')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await png(64, 64, '#46ECB0') });
  await eventually(() => faviconHref(page)).toMatch(/^\/api\/brand-assets\/[0-9a-f]{64}\.png$/);

  // Sign-in background.
  await page
    .locator('input[type="file"][name="loginBackground"]')
    .setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: await png(800, 450, '#2BD1EE') });
  await eventually(() => page.getByText('Sign-in background uploaded').count()).toBe(1);

  // The sign-in pages (no session) show the brand.
  const visitor = await openPage(browser, server.baseUrl);
  await visitor.page.goto('/auth/login');
  await eventually(() => visitor.page.getByTestId('brand-logo').getAttribute('src')).toMatch(/^\/api\/brand-assets\//);
  expect(await visitor.page.getByText('Acme Messaging', { exact: true }).count()).toBe(1);
  // A first visit has no cached brand: the button turns from the default colour to the brand's
  // through its CSS transition (read mid-way on a loaded host: rgb(35, 30, 70)).
  await eventually(() => background(visitor.page, 'button[type="submit"]')).toBe(PINK);
  expect(await faviconHref(visitor.page)).toMatch(/^\/api\/brand-assets\//);
  await visitor.page.goto('/auth/login2');
  const panel = visitor.page.getByRole('complementary');
  await eventually(() => panel.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(
    /url\("http:\/\/127\.0\.0\.1:\d+\/api\/brand-assets\/[0-9a-f]{64}\.(png|webp|jpg)"\)/,
  );
  expect(await panel.getByTestId('brand-logo').count()).toBe(1);
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();

  // Removing the favicon brings back the bundled icon.
  await page.getByRole('group', { name: 'Favicon' }).getByRole('button', { name: 'Remove' }).click();
  await eventually(() => faviconHref(page)).toBe('/favicon.svg');
  await eventually(() => page.getByText('Favicon removed').count()).toBe(1);

  // Reset to defaults, after confirming. Its message replaces the removal's, which is still up, and
  // gets its own time: on a loaded host it used to close within a second, with the removal's timer.
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to defaults' }).click();
  // The dialog closes once the server has reset the brand; if it stays (an error), its text says why.
  const dialog = page.getByRole('dialog');
  await eventually(async () => ((await dialog.count()) === 0 ? 'closed' : await dialog.innerText().catch(() => 'closing')), 20_000).toBe(
    'closed',
  );
  const resetNotice = page.getByText('The brand is back to its defaults');
  await eventually(() => resetNotice.count()).toBe(1);
  await page.waitForTimeout(2_000);
  expect(await resetNotice.count()).toBe(1);
  await eventually(() => background(page, avatar)).toBe(NAVY);
  expect(await sidebarLogo.count()).toBe(0);
  expect(await primary.inputValue()).toBe('#041E42');
  expect(await page.getByRole('textbox', { name: 'Application name' }).inputValue()).toBe('SMS Management System');
  await eventually(() => page.title()).toBe('Configurations | SMS Management System');
  expect(await faviconHref(page)).toBe('/favicon.svg');

  expect(problems).toEqual([]);
  await context.close();
});

test('a viewer sees the brand settings read-only', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, await signInByApi(server.baseUrl, VIEWER));
  await page.goto('/configurations');
  await page.waitForURL(/\?tab=brand$/);
  await eventually(() => page.getByText('Only administrators can change the brand.', { exact: false }).count()).toBe(1);
  expect(await page.getByRole('textbox', { name: 'Application name' }).isDisabled()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Primary colour', exact: true }).isDisabled()).toBe(true);
  expect(await page.getByRole('spinbutton', { name: 'Logo width' }).isDisabled()).toBe(true);
  for (const name of ['Save changes', 'Reset to defaults', 'Choose a file', 'Remove'])
    expect(await page.getByRole('button', { name }).count(), name).toBe(0);
  expect(await page.locator('input[type="file"]').count()).toBe(0);
  expect(await page.getByTestId('brand-preview').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('axe finds no serious violations on the brand tab (light and dark)', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=brand');
  await page.getByTestId('brand-form').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('mui-mode', 'dark'));
  await page.reload();
  await page.getByTestId('brand-form').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
