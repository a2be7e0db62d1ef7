import type { FastifyInstance } from 'fastify';
import type { DatabaseAvailability } from '../db/availability.ts';
import { DatabaseUnavailable } from './errors.ts';

/**
 * While the database is known to be away, API requests answer 503 DATABASE_UNAVAILABLE at once
 * instead of each waiting for a connection that cannot come (db/availability.ts probes for its
 * return every second or so). Liveness and readiness still answer: they tell the outage themselves.
 * The web app's files are served as usual, so the browser can show its reconnecting state.
 */
export function registerDatabaseGuard(app: FastifyInstance, availability: DatabaseAvailability): void {
  app.addHook('onRequest', async (request) => {
    if (availability.available) return;
    const path = request.url;
    if (!path.startsWith('/api/') || path === '/api/health' || path.startsWith('/api/health/') || path.startsWith('/api/health?')) return;
    throw new DatabaseUnavailable();
  });
}
