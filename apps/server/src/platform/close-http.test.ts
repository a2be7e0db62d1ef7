import { connect } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHttp } from './close-http.ts';

/** A server with a download that never ends (a large export, as far as the client can tell). */
async function downloadServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/download', (_request, reply) => {
    const chunk = 'x'.repeat(64 * 1024);
    return reply.send(
      new Readable({
        read() {
          setTimeout(() => this.push(chunk), 1);
        },
      }),
    );
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/download` };
}

/**
 * A client that asks for the download and stops reading without closing its connection (what
 * Node's fetch can do when aborted mid-download): the response cannot finish.
 */
async function stalledDownload(url: string): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('closeHttp', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.server.closeAllConnections());

  it('stops a server whose download a client stopped reading, where close alone keeps waiting', async () => {
    const server = await downloadServer();
    app = server.app;
    await stalledDownload(server.url);
    const started = Date.now();
    // Fastify's close alone is still waiting for the abandoned response after 1.5 s ...
    const closing = server.app.close();
    expect(await settledWithin(closing, 1500)).toBe(false);
    // ... closeHttp cuts it after its grace period.
    await closeHttp(server.app, 200);
    await closing;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('lets a request in flight finish within the grace period, then stops', async () => {
    app = Fastify();
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${address}/slow`).then((response) => response.json());
    // Closes once the request is in the handler (a fixed wait lost the race on a loaded host: 503).
    await inFlight;
    await closeHttp(app, 1000);
    expect(await answer).toEqual({ done: true });
    expect(app.server.listening).toBe(false);
  });
});
