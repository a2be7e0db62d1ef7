import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper.ts';
import { scratchDir } from '../../test/scratch-dir.ts';

let server: TestServer;
let dist: string;

const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" nonce="([^"]+)" \/>/g)];

beforeAll(async () => {
  // A built web app: the real index.html and a preload list as the build writes it, with one
  // entry that is not an asset path (it must never reach the HTML).
  dist = scratchDir('sms-first-route-');
  mkdirSync(dist, { recursive: true });
  copyFileSync(join(import.meta.dirname, '../../../web/index.html'), join(dist, 'index.html'));
  writeFileSync(
    join(dist, 'first-route-preloads.json'),
    JSON.stringify({ '/auth/login': ['/assets/login-A1.js', '/assets/TextField-B2.js', '"><script>alert(1)</script>'], '/dashboard': [] }),
  );
  server = await startTestServer({ config: { webDist: dist } });
});
afterAll(() => server?.close());

describe("first-visit code announced in the page's HTML (decision 062)", () => {
  it("lists the address's files as module preloads in <head>, with the request's nonce, and nothing that is not an asset path", async () => {
    for (const path of ['/auth/login', '/auth/login/', '/auth/login?redirect=%2Fcontacts']) {
      const response = await server.get<string>(path);
      expect(response.status, path).toBe(200);
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      const links = preloadsIn(head);
      expect(
        links.map((link) => link[1]),
        path,
      ).toEqual(['/assets/login-A1.js', '/assets/TextField-B2.js']);
      // The request's nonce, as in the page's csp-nonce meta (what Vite's own preloads copy): the placeholder never goes out.
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(head)?.[1];
      expect(nonce).toBeTruthy();
      for (const link of links) expect(link[2]).toBe(nonce);
      expect(response.body).not.toContain('alert(1)');
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
  });

  it('adds nothing to other addresses, and serves the page when the list is missing or unreadable', async () => {
    for (const path of ['/contacts', '/dashboard', '/']) expect(preloadsIn((await server.get<string>(path)).body), path).toEqual([]);
    writeFileSync(join(dist, 'first-route-preloads.json'), '{ not json');
    const response = await server.get<string>('/auth/login');
    expect(response.status).toBe(200);
    expect(preloadsIn(response.body)).toEqual([]);
  });
});

describe('an address with a page of its own (decision 071)', () => {
  it("answers /auth/login with the sign-in entry's page, with a fresh nonce, and every other address with index.html", async () => {
    writeFileSync(
      join(dist, 'sign-in.html'),
      '<html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body>sign-in entry</body></html>',
    );
    writeFileSync(join(dist, 'page-entries.json'), JSON.stringify({ '/auth/login': 'sign-in.html' }));
    for (const path of ['/auth/login', '/auth/login/', '/auth/login?redirect=%2Fcontacts']) {
      const response = await server.get<string>(path);
      expect(response.status, path).toBe(200);
      expect(response.body, path).toContain('sign-in entry');
      expect(response.body, path).not.toContain('__CSP_NONCE__');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    for (const path of ['/auth/login2', '/dashboard', '/'])
      expect((await server.get<string>(path)).body, path).not.toContain('sign-in entry');
    // The page's file itself never goes out as it is (its nonce placeholder unfilled).
    expect((await server.get<string>('/sign-in.html')).body).not.toContain('__CSP_NONCE__');
  });

  it('falls back to index.html when the list names no page file, a missing one, or is unreadable', async () => {
    const answered = async () => (await server.get<string>('/auth/login')).body;
    for (const list of [{ '/auth/login': '../index.html' }, { '/auth/login': 'missing.html' }, { '/auth/login': 'sign-in.js' }]) {
      writeFileSync(join(dist, 'page-entries.json'), JSON.stringify(list));
      const body = await answered();
      expect(body, JSON.stringify(list)).toContain('<div id="root">');
      expect(body).not.toContain('sign-in entry');
    }
    writeFileSync(join(dist, 'page-entries.json'), '[not json');
    expect(await answered()).not.toContain('sign-in entry');
  });
});

describe("the build's files' headers (issue 37)", () => {
  it('sends a hashed script without the headers only a page obeys, and the page with all of them', async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'assets', 'app-A1.js'), 'export const a = 1;');
    const script = await server.get<string>('/assets/app-A1.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'strict-transport-security'])
      expect(script.headers.get(name), name).toBeNull();
    const page = await server.get<string>('/dashboard');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'strict-transport-security'])
      expect(page.headers.get(name), name).toBeTruthy();
  });
});
