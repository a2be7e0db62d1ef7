import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiClient, apiGet, apiPost } from './api-client';
import { NETWORK_MESSAGE, NOT_SAVED_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import { connection } from './connection/connection-state';

/** What the test server last received. */
let last: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string } = { headers: {}, body: '' };
let server: Server;
let base = '';

beforeAll(async () => {
  // A real HTTP server: the client's requests go over the wire through the runtime's fetch.
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      last = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('{}'), 500);
      if (req.url?.startsWith('/conflict')) {
        res.writeHead(409, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ message: 'email already in use', code: 'CONFLICT', field: 'email' }));
      }
      if (req.url?.startsWith('/unauthorized')) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify({ message: 'Invalid email or password' }));
      }
      if (req.url?.startsWith('/database-down')) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
        const message = 'The database is unavailable; try again in a few seconds.';
        return void res.end(JSON.stringify({ message, code: 'DATABASE_UNAVAILABLE', retryAfter: 5 }));
      }
      if (req.url?.startsWith('/proxy-down')) {
        res.writeHead(502, { 'Content-Type': 'text/html', 'Retry-After': '7' });
        return void res.end('<html><body>502 Bad Gateway</body></html>');
      }
      if (req.url?.startsWith('/empty')) {
        res.writeHead(204);
        return void res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="a.csv"' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiClient (fetch)', () => {
  it('GETs with query parameters, JSON accepted and no Content-Type without a body', async () => {
    await expect(apiGet(`${base}/items`, { params: { limit: 20, search: 'a b', skip: undefined, status: ['x', 'y'] } })).resolves.toEqual({
      ok: true,
    });
    expect(last.method).toBe('GET');
    expect(last.url).toBe('/items?limit=20&search=a+b&status%5B%5D=x&status%5B%5D=y');
    expect(last.headers.accept).toBe('application/json');
    expect(last.headers['content-type']).toBeUndefined();
  });

  it('POSTs JSON bodies as JSON, and a POST without a body without Content-Type (Fastify refuses an empty JSON body)', async () => {
    await apiPost(`${base}/items`, { name: 'x' });
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ name: 'x' });
    await apiPost(`${base}/logout`, undefined, { skipAuthRedirect: true });
    expect(last.headers['content-type']).toBeUndefined();
    expect(last.body).toBe('');
  });

  it('answers the response headers and an empty body as undefined', async () => {
    const response = await apiClient.get(`${base}/file`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a.csv"');
    await expect(apiClient.delete(`${base}/empty`)).resolves.toMatchObject({ status: 204, data: undefined });
  });

  it("rejects an error answer with an ApiError carrying the server's message, code and field", async () => {
    const error = await apiPost(`${base}/conflict`, { email: 'a@b.c' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', field: 'email', message: 'email already in use (Code: CONFLICT)' });
  });

  it('leaves a 401 to the caller when asked (sign-in answers 401 as a normal outcome)', async () => {
    const error = await apiPost(`${base}/unauthorized`, {}, { skipAuthRedirect: true }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
  });

  it("gives the spec's timeout text when no answer comes in time", async () => {
    const error = await apiGet(`${base}/slow`, { timeout: 50 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
  });

  it("gives the spec's network text when nothing answers", async () => {
    const error = await apiGet('http://127.0.0.1:9/nothing').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: NETWORK_MESSAGE });
  });

  it('tells the connection state what each call met: reconnecting on 503 DATABASE_UNAVAILABLE, unreachable without an answer, online at the next answer', async () => {
    await apiGet(`${base}/items`);
    expect(connection.get().status).toBe('online');
    const database = await apiPost(`${base}/database-down`, { name: 'x' }).catch((caught: unknown) => caught);
    expect(database).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfter: 5,
      trouble: 'reconnecting',
      message: NOT_SAVED_MESSAGE,
    });
    expect(connection.get().status).toBe('reconnecting');
    // The next check is the answer's Retry-After away.
    expect((connection.get().nextTryAt ?? 0) - Date.now()).toBeGreaterThan(4000);

    // A proxy's own page: its Retry-After header is read.
    const proxy = await apiGet(`${base}/proxy-down`).catch((caught: unknown) => caught);
    expect(proxy).toMatchObject({ status: 502, retryAfter: 7, trouble: 'reconnecting', message: NOT_SAVED_MESSAGE });

    const network = await apiGet('http://127.0.0.1:9/nothing').catch((caught: unknown) => caught);
    expect(network).toMatchObject({ status: 0, trouble: 'unreachable', message: NETWORK_MESSAGE });
    expect(connection.get().status).toBe('unreachable');

    // Neither a timeout nor an error answer of the app's own is the connection's business; any answer is online.
    await apiPost(`${base}/conflict`, {}).catch(() => undefined);
    expect(connection.get()).toEqual({ status: 'online', nextTryAt: undefined });
    await apiGet(`${base}/slow`, { timeout: 50 }).catch(() => undefined);
    expect(connection.get().status).toBe('online');
  });
});
