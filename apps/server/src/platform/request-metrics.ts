import type { FastifyInstance } from 'fastify';
import { httpRequestSeconds } from './metrics.ts';

/**
 * Every answer's duration by method, route pattern (`/api/campaigns/:id`, never the address
 * itself, so ids make no new series) and status code (decision 091).
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
