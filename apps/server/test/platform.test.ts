import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

const APP_JS = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};`;

/** A GET with raw bytes back (fetch would decode them), sending exactly the given Accept-Encoding. */
function rawGet(url: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

// A stand-in for the built web app: what the web team's index.html carries, plus a hashed asset.
function fakeWebDist(): string {
  const dir = scratchDir('sms-web-dist-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><style nonce="__CSP_NONCE__"></style></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What the build's precompress step writes next to each text file.
  writeFileSync(join(dir, 'assets', 'app-def456.js'), APP_JS);
  writeFileSync(join(dir, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(dir, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fakeWebDist();
  server = await startTestServer({
    config: { webDist },
    logger: { level: 'error', stream: logStream },
    extraRoutes: (app) => {
      // Test-only route standing in for any unexpected failure deep in a handler.
      app.get('/api/test/explode', { config: { auth: 'public' } }, async () => {
        throw new Error('secret connection string postgres://admin:hunter2@db');
      });
      app.post('/api/test/echo', { config: { auth: 'public' } }, async (request) => ({ received: request.body }));
    },
  });
});
afterAll(() => server?.close());

describe('web app serving', () => {
  it('serves index.html for / and any page path, with a fresh CSP nonce substituted', async () => {
    const first = await server.get('/');
    const second = await server.get('/users/123/edit?tab=profile');
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(response.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(response.body).toContain(`<style nonce="${nonce}">`);
      expect(response.body).not.toContain('__CSP_NONCE__');
      // index.html's inline colour-mode script runs by the same nonce, and nothing inline without it.
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc).toBe(`'self' 'nonce-${nonce}'`);
    }
    expect(first.headers.get('content-security-policy')).not.toBe(second.headers.get('content-security-policy'));
  });

  it('sends the strict content security policy', async () => {
    const csp = (await server.get('/dashboard')).headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('never serves index.html as a plain file (it would lack the nonce)', async () => {
    const response = await server.get('/index.html');
    expect(response.status).toBe(200);
    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('serves hashed assets with a long immutable cache and other files without', async () => {
    const asset = await server.get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await server.get('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the precompressed brotli or gzip copy by Accept-Encoding, keeping the immutable cache', async () => {
    const cases: Array<[accept: string | undefined, encoding: string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await rawGet(`${server.baseUrl}/assets/app-def456.js`, accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(response.body, encoding), accept).toBe(APP_JS);
    }
    // A file without compressed copies still goes out as it is.
    const plain = await rawGet(`${server.baseUrl}/assets/index-abc123.js`, 'br, gzip');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe('console.log("app")');
  });

  it('compresses index.html per request (its nonce is fresh) and keeps it uncached', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await rawGet(`${server.baseUrl}/dashboard`, accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('no-cache');
      const nonce = /'nonce-([^']+)'/.exec(response.headers['content-security-policy'] ?? '')?.[1];
      expect(decode(response.body, encoding), accept).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
    }
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    expect((await server.get('/assets/missing-123.js')).status).toBe(404);
  });

  it('serves a file by its exact name only: never by other letters, a dot folder or a nested path', async () => {
    mkdirSync(join(webDist, '.ssr'), { recursive: true });
    writeFileSync(join(webDist, '.ssr', 'public-pages.js'), 'export const secret = 1;');
    mkdirSync(join(webDist, 'assets', 'nested'), { recursive: true });
    writeFileSync(join(webDist, 'assets', 'nested', 'deep-1.js'), 'deep');
    for (const path of ['/assets/INDEX-abc123.js', '/assets/nested/deep-1.js', '/assets/.hidden'])
      expect((await server.get(path)).status, path).toBe(404);
    // Sent as written: a URL parser (fetch's) would resolve the dot segments first.
    const { port } = new URL(server.baseUrl);
    const dotted = await new Promise<number>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port, path: '/assets/../favicon.svg' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(dotted).toBe(404);
    // Outside /assets an unknown address is a page (the app's own 404), never the file's bytes.
    for (const path of ['/.ssr/public-pages.js', '/FAVICON.SVG', '/index.html?x=1']) {
      const response = await server.get(path);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(response.body, path).not.toContain('secret');
    }
    expect((await server.get('/assets/index-abc123.js?v=2')).status).toBe(200);
  });

  it('serves the files of a rebuild made while it runs', async () => {
    expect((await server.get('/assets/rebuilt-777.js')).status).toBe(404);
    writeFileSync(join(webDist, 'assets', 'rebuilt-777.js'), 'console.log("rebuilt")');
    const rebuilt = await server.get('/assets/rebuilt-777.js');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body).toContain('rebuilt');
  });
});

describe('API fallbacks and errors', () => {
  it('answers unknown /api paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.request(method, '/api/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not found', error: 'Not Found', code: 'NOT_FOUND' });
    }
    expect((await server.get('/api')).status).toBe(404);
  });

  it('answers a known address with the wrong method 405, its Allow header listing the right ones (issue 38)', async () => {
    const health = await server.request('DELETE', '/api/health');
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET, HEAD');
    expect(health.body).toEqual({
      message: 'DELETE is not allowed here; use GET, HEAD',
      error: 'Method Not Allowed',
      code: 'METHOD_NOT_ALLOWED',
    });
    // A path with a parameter, and the integration API (before authentication: the method is wrong whoever asks).
    const campaign = await server.request('PATCH', '/api/campaigns/00000000-0000-4000-8000-000000000000');
    expect(campaign.status).toBe(405);
    expect(campaign.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
    const v1 = await server.request('PUT', '/api/v1/messages');
    expect(v1.status).toBe(405);
    expect(v1.headers.get('allow')).toContain('POST');
  });

  it('hides 5xx internals, returns a request id and logs the full error under that id', async () => {
    const response = await server.get<{ message: string; code: string; requestId: string }>('/api/test/explode');
    expect(response.status).toBe(500);
    expect(response.body.message).toBe('Internal server error');
    expect(response.body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
    const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.reqId === response.body.requestId);
    expect(logged?.err?.message).toContain('hunter2');
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const response = await server.request('POST', '/api/test/echo', {
      body: '{"broken": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Request body is not valid JSON', code: 'VALIDATION_ERROR' });
  });

  it('treats an empty JSON body as no body, and refuses prototype poisoning', async () => {
    const empty = await server.request('POST', '/api/test/echo', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(200);
    const poisoned = await server.request('POST', '/api/test/echo', { body: '{"__proto__": {"admin": true}}' });
    expect(poisoned.status).toBe(400);
  });

  it('passes 415 for unsupported content types and 413 for oversized bodies through', async () => {
    const wrongType = await server.request('POST', '/api/test/echo', {
      body: 'hello',
      headers: { 'content-type': 'application/x-unknown' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const huge = await server.request('POST', '/api/test/echo', { body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('OpenAPI', () => {
  it('serves the docs UI at /api/docs with a CSP that lets it run', async () => {
    const page = await server.get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const css = await server.get('/api/docs/static/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    expect(css.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('generates the document from the route schemas, users routes included', async () => {
    const response = await server.get<{ openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
      '/api/docs/json',
    );
    expect(response.status).toBe(200);
    const { paths } = response.body;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/users/login',
        '/api/users/me',
        '/api/users/register',
        '/api/users',
        '/api/users/{id}',
        '/api/health',
        '/api/health/ready',
      ]),
    );
    expect(Object.keys(paths['/api/users/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(paths['/api/users/login']?.post?.responses).toHaveProperty('429');
    expect(Object.keys(paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });
});

describe('security headers', () => {
  it('refuses framing and sniffing and tags every answer with a request id', async () => {
    const response = await server.get('/api/health');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends Cache-Control: no-store on every API answer (tokens, personal data), errors included; hashed assets keep their cache', async () => {
    const admin = await server.createAdmin();
    const answers = [
      await server.post('/api/users/login', { email: admin.user.email, password: admin.password }),
      await server.get('/api/users/me', { token: admin.token }),
      await server.get('/api/users', { token: admin.token }),
      await server.get('/api/brand-settings'),
      await server.get('/api/health'),
      await server.get('/api/does-not-exist'),
      await server.get('/api/users?limit=0', { token: admin.token }),
      await server.get('/api/users'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 404, 400, 401]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await server.get('/assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('route declarations', () => {
  it('refuses to start when an /api route does not declare how it authenticates', async () => {
    await expect(
      startTestServer({
        extraRoutes: (app) => {
          app.get('/api/test/forgotten', async () => ({ open: 'to everyone by accident' }));
        },
      }),
    ).rejects.toThrow('Route GET /api/test/forgotten must declare config.auth (required, optional, public or apiKey)');
  });
});

describe('without a built web app', () => {
  it('tells people to build it instead of failing obscurely, and keeps the API working', async () => {
    const bare = await startTestServer();
    try {
      const page = await bare.get('/dashboard');
      expect(page.status).toBe(503);
      expect(page.body).toContain('npm run build');
      expect((await bare.get('/api/nothing-here')).status).toBe(404);
      expect((await bare.get('/api/health')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('global rate limit', () => {
  it('answers 429 with retryAfter once a client exceeds the per-minute budget', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3, config: { webDist: fakeWebDist() } });
    try {
      // The web app's files and pages are outside the budget: reloading pages never spends it.
      for (const path of ['/assets/index-abc123.js', '/', '/contacts', '/favicon.svg', '/assets/index-abc123.js']) {
        const file = await limited.get(path);
        expect(file.status, path).toBe(200);
        expect(file.headers.get('x-ratelimit-limit'), path).toBeNull();
        expect(file.headers.get('ratelimit-limit'), path).toBeNull();
      }
      // Every answer tells where the budget stands (IETF RateLimit fields), so a client can slow down before a 429.
      for (let i = 0; i < 3; i++) {
        const answer = await limited.get('/api/health');
        expect(answer.status).toBe(200);
        expect(answer.headers.get('ratelimit-limit')).toBe('3');
        expect(answer.headers.get('ratelimit-remaining')).toBe(String(2 - i));
        expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
        expect(answer.headers.get('ratelimit-policy')).toBe('3;w=60');
      }
      const refused = await limited.get<{ code: string; retryAfter: number }>('/api/health');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.body.retryAfter).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(refused.headers.get('ratelimit-reset'))).toBe(Number(refused.headers.get('retry-after')));
    } finally {
      await limited.close();
    }
  });
});
