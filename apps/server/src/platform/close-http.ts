import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish when the server stops, before their connections are cut. */
export const CLOSE_GRACE_MS = 3000;

/**
 * Stops the HTTP server: no new connections, requests in flight may finish, and connections still
 * open after `graceMs` are cut. Node's fetch, aborted in the middle of a download, can leave its
 * connection open without reading it: the response then never ends, and Fastify's close waited
 * for it until the keep-alive timeout (72 s), past the process's shutdown delay (the process was
 * killed before closing its database).
 */
export async function closeHttp(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
