import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// The public archive: an author publishes a campaign from the composer (refused while a merge
// field has no fallback), visitors signed out read it on the blog with the fallback and no
// recipient's data, in English and Arabic (right to left), with a valid RSS feed; staff write a
// post; the site switched off hides the blog and the feed.
let server: RunningServer;
let browser: Browser;
let admin: Session;
const RECIPIENTS = [
  ['+447911123460', 'Camille'],
  ['+447911123461', 'Louis'],
] as const;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  for (const [phone, firstName] of RECIPIENTS) await api(server.baseUrl, 'POST', '/api/contacts', { phone, firstName }, admin.token);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a campaign published to the archive shows on the blog with its fallbacks and no personal data, in English and Arabic', async () => {
  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto('/campaigns/new');
  await staff.page.getByLabel('Campaign name').fill('School closed & buses <cancelled>');
  const body = staff.page.getByTestId('campaign-body');
  await body.fill('Hello {{first_name}}, the school is closed today.');
  const archive = staff.page.getByTestId('archive-section');
  await archive.getByRole('switch', { name: 'Publish to archive' }).check();
  await eventually(() => archive.getByTestId('archive-missing-fallback').textContent()).toContain('{{first_name}}');
  expect(await staff.page.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true);
  await body.fill('Hello {{first_name | neighbour}}, the school is closed today.');
  await eventually(() => archive.getByTestId('archive-missing-fallback').count()).toBe(0);
  await staff.page.getByRole('button', { name: 'Send now' }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  await staff.page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const id = staff.page.url().split('/').pop() ?? '';
  const state = await api<{ archive: { published: boolean } }>(
    server.baseUrl,
    'GET',
    `/api/campaigns/${id}/archive`,
    undefined,
    admin.token,
  );
  expect(state.archive.published).toBe(true);
  await eventually(() => staff.page.getByTestId('campaign-archive-card').getByRole('switch').isChecked()).toBe(true);

  // A sent campaign is published from its page; without a fallback the server names the field.
  const { campaign: other } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Personal reminder', body: 'Hi {{first_name}}, your code is ready.' },
    admin.token,
  );
  await api(server.baseUrl, 'POST', `/api/campaigns/${other.id}/launch`, undefined, admin.token);
  await staff.page.goto(`/campaigns/${other.id}`);
  const card = staff.page.getByTestId('campaign-archive-card');
  await card.getByRole('switch', { name: 'Publish to archive' }).click();
  await eventually(() => card.getByRole('alert').textContent()).toContain('{{first_name}}');
  expect(await card.getByRole('switch').isChecked()).toBe(false);
  expect(staff.problems).toEqual([]);
  await staff.context.close();

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/landingpage');
  const latest = page.getByRole('region', { name: 'Latest messages' });
  await latest.getByText('Hello neighbour, the school is closed today.').waitFor();
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'News' }).click();
  await page.waitForURL((url) => url.pathname === '/frontend-pages/blog');
  await page.getByRole('heading', { level: 1, name: 'News and messages' }).waitFor();
  expect(await page.title()).toBe('News and messages | SMS Management System');
  const entry = page.getByTestId('archive-entry').filter({ hasText: 'School closed & buses <cancelled>' });
  await entry.getByText('Hello neighbour, the school is closed today.').waitFor();
  expect(await page.getByTestId('archive-entry').filter({ hasText: 'Personal reminder' }).count()).toBe(0);
  expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe('/api/public/archive/rss');
  await entry.getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/frontend-pages/blog/detail/${id}`);
  await page.getByRole('heading', { level: 1, name: 'School closed & buses <cancelled>' }).waitFor();
  expect(await page.getByTestId('archive-message').textContent()).toBe('Hello neighbour, the school is closed today.');
  const shown = (await page.locator('main').textContent()) ?? '';
  for (const [phone, firstName] of RECIPIENTS) {
    expect(shown).not.toContain(firstName);
    expect(shown).not.toContain(phone.slice(4));
  }

  // The feed, read by the browser's own XML parser.
  const feed = await page.evaluate(async () => {
    const response = await fetch('/api/public/archive/rss');
    const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
    return {
      type: response.headers.get('content-type'),
      error: xml.querySelector('parsererror')?.textContent ?? null,
      version: xml.documentElement.getAttribute('version'),
      titles: [...xml.querySelectorAll('item > title')].map((node) => node.textContent),
      descriptions: [...xml.querySelectorAll('item > description')].map((node) => node.textContent),
    };
  });
  expect(feed).toMatchObject({ error: null, version: '2.0', titles: ['School closed & buses <cancelled>'] });
  expect(feed.type).toMatch(/^application\/rss\+xml/);
  expect(feed.descriptions).toEqual(['Hello neighbour, the school is closed today.']);

  // Arabic: the same pages, right to left.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/frontend-pages/blog');
  await page.getByRole('heading', { level: 1, name: 'الأخبار والرسائل' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.getByTestId('archive-entry').getByText('Hello neighbour, the school is closed today.').waitFor();
  await page.goto(`/frontend-pages/blog/detail/${id}`);
  await page.getByRole('link', { name: 'كل الأخبار' }).waitFor();
  expect(await page.getByTestId('archive-message').textContent()).toBe('Hello neighbour, the school is closed today.');
  expect(page.url()).not.toContain('/auth/');
  expect(problems).toEqual([]);
  await context.close();
});

test('staff write a Markdown post with a preview; it shows on the blog', async () => {
  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto('/configurations?tab=news-posts');
  await staff.page.getByRole('button', { name: 'New post' }).click();
  const form = staff.page.getByTestId('archive-post-form');
  await form.getByRole('textbox', { name: 'Title' }).fill('Sports day');
  await form.getByRole('textbox', { name: 'Text (Markdown)' }).fill('## Programme\n\nBring **water** and a hat.');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await form.getByTestId('archive-post-preview').getByRole('heading', { name: 'Programme' }).waitFor();
  await form.getByRole('button', { name: 'Save post' }).click();
  await staff.page.getByText('Post saved').waitFor();
  await staff.page.getByTestId('archive-posts').getByText('Sports day').waitFor();
  expect(staff.problems).toEqual([]);
  await staff.context.close();

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/frontend-pages/blog');
  await page.getByTestId('archive-entry').filter({ hasText: 'Sports day' }).getByRole('link').click();
  await page.getByRole('heading', { level: 3, name: 'Programme' }).waitFor();
  expect(await page.locator('main article strong').textContent()).toBe('water');
  expect(problems).toEqual([]);
  await context.close();
});

test('switched off, the blog, its entries and the feed show nothing of the organisation', async () => {
  const list = await api<{ data: Array<{ id: string }> }>(server.baseUrl, 'GET', '/api/public/archive');
  const id = list.data[0]?.id ?? '';
  expect(id).not.toBe('');
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { enabled: false }, admin.token);
  try {
    const { context, page } = await openPage(browser, server.baseUrl);
    for (const path of ['/frontend-pages/blog', `/frontend-pages/blog/detail/${id}`]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/auth/login');
    }
    const feed = await page.evaluate(async () => {
      const response = await fetch('/api/public/archive/rss');
      return { status: response.status, text: await response.text() };
    });
    expect(feed.status).toBe(404);
    expect(feed.text).toContain('PUBLIC_SITE_OFF');
    expect(feed.text).not.toContain('School closed');
    expect(feed.text).not.toContain('Personal reminder');
    await context.close();
  } finally {
    await api(server.baseUrl, 'PUT', '/api/settings/public-site', { enabled: true }, admin.token);
  }
});
