import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { DatabaseAvailability } from '../db/availability.ts';
import type { Db } from '../db/client.ts';
import { refreshSessionUser, type AuthUser } from './auth.ts';

/** One open server-sent event stream. */
export interface EventStream {
  /** Writes an event; nothing once the stream has ended (events may land after a close). */
  send(event: string, data: unknown): void;
  /** Runs `callback` once the stream is closed, by either side; at once if it already is. */
  onClose(callback: () => void): void;
  /** Ends the stream (the browser reconnects after the `retry` delay). */
  end(): void;
}

export interface OpenStreamOptions {
  /** The authenticated account the stream is for; its session is checked on every heartbeat. */
  user: AuthUser;
  /** Whether the account, read again, may still have this stream (default: any live session). */
  allowed?: (user: AuthUser) => boolean;
  /** Names the stream in log lines ('inbox live updates'). */
  label: string;
}

// setTimeout's longest delay; a token living longer is caught by the heartbeat's check.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * When the bearer token of an authenticated request expires (ms since the epoch). The
 * authentication hook verified its signature and `exp` before the route ran, so reading the claim
 * needs no second verification; a request without one (never an authenticated stream) gets 0.
 */
function tokenExpiresAt(request: FastifyRequest): number {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  try {
    const exp = bearer ? decodeJwt(bearer).exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * The server-sent event streams of one route plugin (the inbox's, the bell's): each answers with
 * the event-stream headers and a reconnect delay, and has a comment every `heartbeatMs` that keeps
 * proxies from closing it and re-reads its session: the stream ends once its token is revoked
 * (sign-out, password or role change) or its account may no longer have it, and at the moment its
 * token expires (a timer; the heartbeat checks too), so a stream never outlives the token that
 * opened it. Open streams would hold the server open on shutdown: they are ended before the
 * plugin's own close hooks run.
 */
export class EventStreams {
  private readonly streams = new Set<ServerResponse>();
  private readonly db: Db;
  private readonly heartbeatMs: number;
  private readonly availability: DatabaseAvailability | undefined;

  /** `availability`: a session check failing for a database outage is logged once there, not per stream. */
  constructor(app: FastifyInstance, db: Db, heartbeatMs: number, availability?: DatabaseAvailability) {
    this.db = db;
    this.heartbeatMs = heartbeatMs;
    this.availability = availability;
    app.addHook('preClose', async () => {
      for (const stream of this.streams) stream.end();
    });
  }

  /** Takes over the reply and opens a stream on it. */
  open(request: FastifyRequest, reply: FastifyReply, options: OpenStreamOptions): EventStream {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    raw.write('retry: 3000\n: connected\n\n');
    this.streams.add(raw);
    let closed = false;
    const closers: Array<() => void> = [];
    const write = (text: string) => {
      if (!closed && !raw.writableEnded) raw.write(text);
    };
    const end = () => {
      if (!raw.writableEnded) raw.end();
    };
    const expiresAt = tokenExpiresAt(request);
    const expired = () => Date.now() >= expiresAt;
    const expiry = setTimeout(end, Math.min(Math.max(expiresAt - Date.now(), 0), LONGEST_TIMER_MS));
    expiry.unref();
    const heartbeat = setInterval(() => {
      if (expired()) return end();
      refreshSessionUser(this.db, options.user)
        .then((fresh) => {
          if (fresh && !expired() && (options.allowed?.(fresh) ?? true)) write(': ping\n\n');
          else end();
        })
        .catch((error: unknown) => {
          if (!this.availability?.failed(error)) request.log.error({ err: error }, `${options.label}: session check failed`);
        });
    }, this.heartbeatMs);
    heartbeat.unref();
    raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      this.streams.delete(raw);
      for (const callback of closers.splice(0)) callback();
    });
    return {
      send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      onClose: (callback) => {
        if (closed) callback();
        else closers.push(callback);
      },
      end,
    };
  }
}
