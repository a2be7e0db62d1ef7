import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { upload } from '../../../test/upload.ts';

// The public pages as a crawler or a browser without JavaScript reads them: plain HTTP against the
// built web app (its server render in dist/.ssr, decision 097), no browser.
const ROOT = join(import.meta.dirname, '../../../../..');
const PUBLIC_URL = 'https://news.example.test';
let server: TestServer;
let admin: TestAccount;
let postId: string;
let logoPath: string;

const page = async (path: string, expected = 200, language = 'en') => {
  const response = await server.get<string>(path, { headers: { 'accept-language': language } });
  expect(response.status, path).toBe(expected);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.body;
};
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** The page's text once tags, styles and scripts are gone: what a reader without JavaScript sees. */
const textOf = (html: string) =>
  html
    .slice(html.indexOf('<body'))
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
const meta = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)" />`).exec(html)?.[1];

beforeAll(async () => {
  // The server render comes with the web build: build it when it is missing or older than its
  // sources, never again when it is current (CI's FORCE_WEB_BUILD is for the run's first build: a
  // rebuild here would replace the files the browser tests are being served).
  const { FORCE_WEB_BUILD: _forced, ...env } = process.env;
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: 'inherit', env });
  expect(build.status).toBe(0);
  server = await startTestServer({ config: { webDist: join(ROOT, 'apps/web/dist'), publicUrl: PUBLIC_URL } });
  admin = await server.createAdmin();
  expect(
    (await server.put('/api/brand-settings', { appName: 'Harbour News', description: 'Tide and ferry alerts' }, { token: admin.token }))
      .status,
  ).toBe(200);
  const png = await sharp({ create: { width: 120, height: 60, channels: 4, background: '#2BD1EE' } })
    .png()
    .toBuffer();
  const logo = await upload<{ logoPath: string }>(server, '/api/brand-settings/logo', {
    token: admin.token,
    files: [{ field: 'logo', bytes: png, type: 'image/png', filename: 'logo.png' }],
  });
  expect(logo.status).toBe(200);
  logoPath = logo.body.logoPath;
  const site = await server.put(
    '/api/settings/public-site',
    { enabled: true, introduction: 'We text the harbour when the tide turns.', about: '## Who we are\n\nThe **harbour** office.' },
    { token: admin.token },
  );
  expect(site.status, JSON.stringify(site.body)).toBe(200);
  const post = await server.post(
    '/api/public-site/posts',
    {
      title: 'Ferry timetable changes',
      body: '## Winter **timetable**\n\nThe *early* ferry stops; see [the port](https://port.example.test).\n\n- Monday\n- Friday',
      publishAt: new Date(Date.now() - 3_600_000).toISOString(),
    },
    { token: admin.token },
  );
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  postId = post.body.post.id as string;
}, 300_000);
afterAll(() => server?.close());

describe('public pages rendered by the server', () => {
  it('serves the landing page as HTML with its content, title, description and preview tags', async () => {
    const html = await page('/landingpage');
    const text = textOf(html);
    expect(text).toContain('Harbour News');
    expect(text).toContain('We text the harbour when the tide turns.');
    expect(text).toContain('Ferry timetable changes');
    expect(text).not.toContain('needs JavaScript');
    // Every part complete where it stands: none left pending for a script to swap in, none left to the browser.
    expect(html).not.toMatch(/<!--\$[?!]-->|<template/);
    const head = headOf(html);
    expect(head).toContain('<title>Get our text messages | Harbour News</title>');
    expect(meta(head, 'name', 'description')).toBe('Tide and ferry alerts');
    expect(meta(head, 'property', 'og:title')).toBe('Get our text messages | Harbour News');
    expect(meta(head, 'property', 'og:site_name')).toBe('Harbour News');
    expect(meta(head, 'property', 'og:type')).toBe('website');
    expect(meta(head, 'property', 'og:url')).toBe(`${PUBLIC_URL}/landingpage`);
    expect(meta(head, 'property', 'og:image')).toBe(`${PUBLIC_URL}${logoPath}`);
    expect(meta(head, 'name', 'twitter:card')).toBe('summary');
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/landingpage" />`);
    expect(head).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Harbour News: news and messages" href="${PUBLIC_URL}/api/public/archive/rss" />`,
    );
    // The styles the markup needs and the state the browser hydrates with, both under the request's nonce.
    expect(head).toMatch(/<style data-emotion="mui [^"]+" nonce="[\w+/=-]+">/);
    expect(head).toMatch(/<script type="application\/json" id="ssr-state" nonce="[\w+/=-]+">/);
    expect(html).not.toContain('__CSP_NONCE__');
    // The server's render is never served as a file.
    expect((await server.get<string>('/.ssr/public-pages.js')).headers.get('content-type')).not.toMatch(/javascript/);
  });

  it('gives a blog post its own title, description and canonical address, its Markdown rendered', async () => {
    const path = `/frontend-pages/blog/detail/${postId}`;
    const html = await page(path);
    const head = headOf(html);
    expect(head).toContain('<title>Ferry timetable changes | Harbour News</title>');
    expect(meta(head, 'property', 'og:title')).toBe('Ferry timetable changes | Harbour News');
    expect(meta(head, 'property', 'og:type')).toBe('article');
    expect(meta(head, 'name', 'description')).toMatch(/^Winter timetable The early ferry stops/);
    expect(meta(head, 'property', 'og:description')).toBe(meta(head, 'name', 'description'));
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
    expect(meta(head, 'property', 'og:image')).toBe(`${PUBLIC_URL}${logoPath}`);
    expect(meta(head, 'name', 'twitter:card')).toBe('summary');
    expect(head).toContain('type="application/rss+xml"');
    const text = textOf(html);
    expect(text).toContain('Winter timetable');
    expect(text).toContain('The early ferry stops');
    expect(text).not.toContain('**');
    expect(html).toContain('<strong>timetable</strong>');
  });

  it('renders the other public pages with their own titles, in the visitor language', async () => {
    expect(textOf(await page('/frontend-pages/about'))).toContain('The harbour office.');
    const blog = await page('/frontend-pages/blog');
    expect(headOf(blog)).toContain('<title>News and messages | Harbour News</title>');
    expect(textOf(blog)).toContain('Ferry timetable changes');
    const french = await page('/frontend-pages/contact', 200, 'fr-FR,fr;q=0.9');
    expect(french).toContain('<html lang="fr" dir="ltr">');
    expect(headOf(french)).toMatch(/<title>Contact[^<]* \| Harbour News<\/title>/);
    const arabic = await page('/landingpage', 200, 'ar');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(headOf(arabic)).toMatch(/<style data-emotion="muirtl /);
  });

  it('answers a switched-off page (pricing is off by default) with 404 and the public notice, not the staff 404', async () => {
    const html = await page('/frontend-pages/pricing', 404);
    const text = textOf(html);
    expect(text).toContain('This page is not available');
    expect(text).toContain('Go to the home page');
    expect(text).not.toContain('dashboard');
    expect(html).toMatch(/<a [^>]*href="\/landingpage"[^>]*>Go to the home page<\/a>/);
    expect(text).toContain('Harbour News');
    // Shown again, the page is there.
    await server.put('/api/settings/public-site', { pricingVisible: true }, { token: admin.token });
    try {
      expect(textOf(await page('/frontend-pages/pricing'))).not.toContain('This page is not available');
    } finally {
      await server.put('/api/settings/public-site', { pricingVisible: false }, { token: admin.token });
    }
  });

  it('answers a blog entry that is not there with 404', async () => {
    const html = await page('/frontend-pages/blog/detail/00000000-0000-4000-8000-000000000000', 404);
    expect(textOf(html)).toContain('This message is not in the archive.');
  });
});

describe('the RSS feed', () => {
  it('carries a post as rendered text, without its Markdown marks', async () => {
    const feed = await server.get<string>('/api/public/archive/rss');
    expect(feed.status).toBe(200);
    const item = /<item>[\s\S]*?<\/item>/.exec(feed.body.slice(feed.body.indexOf('Ferry timetable changes') - 20))?.[0] ?? '';
    const description = /<description>([\s\S]*?)<\/description>/.exec(item)?.[1] ?? '';
    expect(description).toContain('Winter timetable');
    expect(description).toContain('The early ferry stops; see the port (https://port.example.test).');
    expect(description).toContain('• Monday');
    expect(description).not.toMatch(/\*\*|##|\]\(/);
  });
});
