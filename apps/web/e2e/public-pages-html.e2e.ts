import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, type Session } from './support/session.ts';

// The public pages as the server renders them (decision 097): read with JavaScript off, and
// hydrated with it on, without a mismatch, then navigating inside the app.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let postId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { introduction: 'Tide times for the harbour, by text.' }, admin.token);
  const post = await api<{ post: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/public-site/posts',
    { title: 'Harbour wall repairs', body: 'The **east** wall closes on Monday.', publishAt: new Date(Date.now() - 60_000).toISOString() },
    admin.token,
  );
  postId = post.post.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a public page and a blog post read without JavaScript', async () => {
  const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
  const page = await context.newPage();
  // Nothing runs in this page, so nothing changes after the load: read it at once (waiting polls
  // with the page's animation frames, which a page without JavaScript does not give).
  await page.goto('/landingpage');
  expect(await page.getByRole('heading', { level: 1, name: 'SMS Management System' }).isVisible()).toBe(true);
  expect(await page.getByText('Tide times for the harbour, by text.').isVisible()).toBe(true);
  expect(await page.getByText('needs JavaScript').count()).toBe(0);
  // Styled by the server's styles (MUI's heading weight), not bare HTML.
  expect(await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
  await page.goto(`/frontend-pages/blog/detail/${postId}`);
  expect(await page.getByRole('heading', { level: 1, name: 'Harbour wall repairs' }).isVisible()).toBe(true);
  expect(await page.locator('article strong').textContent()).toBe('east');
  expect(await page.title()).toBe('Harbour wall repairs | SMS Management System');
  await context.close();
});

test('with JavaScript the page hydrates without a mismatch and navigates inside the app', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  await page.goto('/landingpage');
  const news = page.getByRole('navigation').getByRole('link', { name: 'News' });
  // React has taken the server's link over once it carries React's props.
  await eventually(() => news.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true);
  await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
  await news.click();
  await page.getByRole('heading', { level: 1, name: 'News and messages' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Harbour wall repairs' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/frontend-pages/blog');
  // No new document was loaded: the router changed the page.
  expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  expect(messages.filter((message) => /hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(message))).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

// Hydrated once, then left alone: the end of the brand's load (the same brand as the server's) or
// the colour mode read from storage must not render the page again. Each did, through a context above
// the page: React then also hydrated the page's Suspense boundaries in one long task, not in slices
// (decision 122). A re-rendered element's fiber holds new props; one React only walked past keeps them.
test('a hydrated public page is not rendered again when the brand has loaded', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  const brandLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/brand-settings');
  await page.goto('/landingpage');
  await brandLoaded;
  const heading = page.getByRole('heading', { level: 1 });
  await eventually(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true);
  // Two frames after the answer: time for React to apply what it changes.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const rendered = await heading.evaluate((element) => {
    type Fiber = { memoizedProps: unknown; alternate: Fiber | null };
    const again: string[] = [];
    for (let node: Element | null = element; node && node.id !== 'root'; node = node.parentElement) {
      const key = Object.keys(node).find((name) => name.startsWith('__reactFiber$'));
      const fiber = key ? (node as unknown as Record<string, Fiber>)[key] : undefined;
      if (fiber?.alternate && fiber.alternate.memoizedProps !== fiber.memoizedProps) again.push(node.tagName.toLowerCase());
    }
    return again;
  });
  expect(rendered).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('every public page hydrates what the server rendered, a page switched off too, and a click as soon as a link shows is not lost', async () => {
  const pages = ['/landingpage', '/frontend-pages/portfolio', '/frontend-pages/about', '/frontend-pages/contact', '/frontend-pages/blog'];
  // Pricing is off by default: the server renders its "not available" page, which must hydrate as such.
  for (const path of [...pages, `/frontend-pages/blog/detail/${postId}`, '/frontend-pages/pricing']) {
    const { context, page, problems } = await openPage(browser, server.baseUrl);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await page.goto(path);
    const home = page.getByRole('banner').getByRole('link', { name: 'Home' });
    await eventually(() => home.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true);
    expect(
      messages.filter((message) => /hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(message)),
      path,
    ).toEqual([]);
    expect(problems, path).toEqual([]);
    await context.close();
  }
  // A phone 8 times slower: the page's code must be there when React hydrates, or the page it had
  // shown is replaced by a loader under the visitor's first click (the click was lost, 3 times in 4).
  for (const attempt of [1, 2, 3]) {
    const { context, page } = await openPage(browser, server.baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto('/frontend-pages/pricing', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page
      .waitForURL((url) => url.pathname === '/landingpage', { waitUntil: 'commit', timeout: 20_000 })
      .catch(() => {
        throw new Error(`attempt ${attempt}: the click on "Go to the home page" was lost (${page.url()})`);
      });
    await context.close();
  }
});
