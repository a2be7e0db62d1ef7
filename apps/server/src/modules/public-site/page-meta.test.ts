import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { scratchDir } from '../../../test/scratch-dir.ts';
import { upload } from '../../../test/upload.ts';
import { languageOf } from './page-meta.ts';

const PUBLIC_URL = 'https://sms.example.test';
let server: TestServer;
let admin: TestAccount;

/** A built web app of one file: the real index.html (the SPA's head as `npm run build` leaves it). */
function webDistWithIndex(): string {
  const dist = scratchDir('sms-page-meta-');
  mkdirSync(dist, { recursive: true });
  copyFileSync(join(import.meta.dirname, '../../../../web/index.html'), join(dist, 'index.html'));
  return dist;
}

const page = async (path: string, language = 'en') => {
  const response = await server.get<string>(path, { headers: { 'accept-language': language } });
  expect(response.status, path).toBe(200);
  return response.body;
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)" />`).exec(html)?.[1];

beforeAll(async () => {
  server = await startTestServer({ config: { webDist: webDistWithIndex(), publicUrl: PUBLIC_URL } });
  admin = await server.createAdmin();
  const brand = await server.put(
    '/api/brand-settings',
    { appName: 'Acme <Weather> & "Alerts"', description: "Texts when it's <b>stormy</b>" },
    { token: admin.token },
  );
  expect(brand.status, JSON.stringify(brand.body)).toBe(200);
});
afterAll(() => server?.close());

describe('meta tags of the public pages, written into index.html by the server', () => {
  it('gives the landing page, public pages and sign-in page the brand name, description, Open Graph tags and canonical link, escaped', async () => {
    for (const path of ['/landingpage', '/frontend-pages/pricing', '/auth/login']) {
      const html = head(await page(`${path}?utm=x`));
      expect(html, path).toContain('<title>Acme &lt;Weather&gt; &amp; &quot;Alerts&quot;</title>');
      expect(metaContent(html, 'name', 'description')).toBe('Texts when it&#39;s &lt;b&gt;stormy&lt;/b&gt;');
      expect(metaContent(html, 'property', 'og:title')).toBe('Acme &lt;Weather&gt; &amp; &quot;Alerts&quot;');
      expect(metaContent(html, 'property', 'og:description')).toBe('Texts when it&#39;s &lt;b&gt;stormy&lt;/b&gt;');
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
      expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}${path}`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}" />`);
      expect(html).not.toContain('<b>');
      // No logo uploaded: no image to preview.
      expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
    }
  });

  it('points og:image at the logo, absolute under the public address', async () => {
    const png = await sharp({ create: { width: 120, height: 60, channels: 4, background: '#2BD1EE' } })
      .png()
      .toBuffer();
    const logo = await upload<{ logoPath: string }>(server, '/api/brand-settings/logo', {
      token: admin.token,
      files: [{ field: 'logo', bytes: png, type: 'image/png', filename: 'logo.png' }],
    });
    expect(logo.status).toBe(200);
    expect(metaContent(head(await page('/landingpage')), 'property', 'og:image')).toBe(`${PUBLIC_URL}${logo.body.logoPath}`);
  });

  it('sets <html lang> and dir from the languages the browser asks for', async () => {
    expect(await page('/landingpage', 'ar-EG,ar;q=0.9,en;q=0.5')).toContain('<html lang="ar" dir="rtl">');
    expect(await page('/auth/login', 'de-DE, fr;q=0.8')).toContain('<html lang="fr" dir="ltr">');
    expect(languageOf('zh-CN,zh;q=0.9')).toBe('zh');
    expect(languageOf('fr;q=0, en;q=0.3')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('leaves the other pages as built', async () => {
    const html = head(await page('/dashboard'));
    expect(html).toContain('<title>SMS Management System</title>');
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('Acme');
  });

  it('shows nothing of the organisation while the public site is off: the product name only', async () => {
    await server.put('/api/settings/public-site', { enabled: false }, { token: admin.token });
    try {
      for (const path of ['/landingpage', '/frontend-pages/about', '/auth/login']) {
        const html = head(await page(path));
        expect(html, path).toContain('<title>SMS Management System</title>');
        expect(html, path).not.toContain('Acme');
        expect(html, path).not.toContain('stormy');
        expect(html, path).not.toContain('og:');
        expect(html, path).not.toContain('canonical');
      }
    } finally {
      await server.put('/api/settings/public-site', { enabled: true }, { token: admin.token });
    }
  });
});
