import { createServer, type Server } from 'node:http';
import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/client.ts';
import { metricsRegistry } from './metrics.ts';
import { parkedReceipts, queueDepth } from './metrics.queries.ts';

/**
 * The metrics of this process over HTTP (Prometheus' text format), on a port of its own
 * (METRICS_PORT) so that it is never served beside the public API by accident; it is bound to
 * HOST like the API (decision 091). Each process (API, every worker) serves its own.
 */

let watched: Database | undefined;
const registers = [metricsRegistry];

const readErrors = new Counter({
  name: 'sms_metric_read_errors_total',
  help: 'Scrapes that could not read a database gauge (other than during a database outage): the gauge kept its last value',
  labelNames: ['metric'] as const,
  registers,
});

/**
 * Read at scrape time. A database that does not answer leaves the last figures (its outage is
 * logged once elsewhere); any other failure is counted, never a failed scrape: the rest of the
 * metrics matter most when something is wrong.
 */
const readWhileReachable = async (metric: string, read: (database: Database) => Promise<void>) => {
  const database = watched;
  if (!database || !database.availability.available) return;
  await read(database).catch((error: unknown) => {
    if (!database.availability.failed(error)) readErrors.inc({ metric });
  });
};

new Gauge({
  name: 'sms_queue_depth',
  help: 'Messages waiting to be sent (the whole database, not this process): campaigns, and one-offs by priority',
  labelNames: ['lane', 'priority'] as const,
  registers,
  async collect() {
    await readWhileReachable('sms_queue_depth', async (database) => {
      for (const { lane, priority, n } of await queueDepth(database.db)) this.set({ lane, priority }, n);
    });
  },
});

new Gauge({
  name: 'sms_receipts_parked',
  help: 'Delivery receipts that arrived before their message was written back, waiting to be applied (the whole database)',
  registers,
  async collect() {
    await readWhileReachable('sms_receipts_parked', async (database) => this.set(await parkedReceipts(database.db)));
  },
});

new Gauge({
  name: 'sms_database_connections',
  help: "This process's PostgreSQL connections: open, idle, waiting (requests queued for one) and max (the pool's size)",
  labelNames: ['state'] as const,
  registers,
  collect() {
    const use = watched?.connections?.();
    if (!use) return;
    for (const [state, n] of Object.entries(use)) this.set({ state }, n);
  },
});

/** The database this process's gauges read. */
export function watchDatabaseForMetrics(database: Database): void {
  watched = database;
}

/** Serves GET /metrics on `port` (0: any free port); answers the server, listening. */
export async function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`Could not collect the metrics: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
