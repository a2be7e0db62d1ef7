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

interface Readings {
  /** 1: the database answered this scrape's reads; 0: it is away (a known outage, lost during the reads, or silent for READ_WAIT_MS). */
  up: 0 | 1;
  depth?: Awaited<ReturnType<typeof queueDepth>>;
  parked?: number;
}

let reading: Promise<Readings> | undefined;

/** How long a scrape waits for the database gauges' reads: well inside a 10 s scrape timeout (decision 099). */
const READ_WAIT_MS = 3_000;

/**
 * The database gauges' reads, once per scrape and shared by the gauges (their collect() run side
 * by side). A database that does not answer leaves the last figures and reads as down: its outage
 * is logged once by availability (db/availability.ts), which then probes for its return, so a
 * scrape during an outage sends no query at all and answers at once. Any other failure is counted,
 * never a failed scrape: the rest of the metrics matter most when something is wrong.
 */
const readDatabase = async (): Promise<Readings | undefined> => {
  const database = watched;
  if (!database) return undefined;
  const current = (reading ??= readGauges(database).finally(() => (reading = undefined)));
  // A database that stops answering without closing anything (a black-holed route) would hold a
  // read until TCP keep-alive gives up, minutes past Prometheus' scrape timeout (10 s by default):
  // the process would look down and its other metrics would be lost. The scrape stops waiting and
  // reads as down; the read goes on, and later scrapes wait for it rather than start another.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readings>((resolve) => {
    timer = setTimeout(() => resolve({ up: 0 }), READ_WAIT_MS);
  });
  try {
    return await Promise.race([current, late]);
  } finally {
    clearTimeout(timer);
  }
};

const readGauges = async (database: Database): Promise<Readings> => {
  if (!database.availability.available) return { up: 0 };
  let up: 0 | 1 = 1;
  const attempt = async <T>(metric: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (database.availability.failed(error)) up = 0;
      else readErrors.inc({ metric });
      return undefined;
    }
  };
  const [depth, parked] = await Promise.all([
    attempt('sms_queue_depth', () => queueDepth(database.db)),
    attempt('sms_receipts_parked', () => parkedReceipts(database.db)),
  ]);
  return { up, depth, parked };
};

new Gauge({
  name: 'sms_database_up',
  help: "1 while this process's database answers its scrape-time reads, 0 during an outage (the database gauges then keep their last value)",
  registers,
  async collect() {
    const readings = await readDatabase();
    if (readings) this.set(readings.up);
  },
});

new Gauge({
  name: 'sms_queue_depth',
  help: 'Messages waiting to be sent (the whole database, not this process): campaigns, and one-offs by priority',
  labelNames: ['lane', 'priority'] as const,
  registers,
  async collect() {
    for (const { lane, priority, n } of (await readDatabase())?.depth ?? []) this.set({ lane, priority }, n);
  },
});

new Gauge({
  name: 'sms_receipts_parked',
  help: 'Delivery receipts that arrived before their message was written back, waiting to be applied (the whole database)',
  registers,
  async collect() {
    const parked = (await readDatabase())?.parked;
    if (parked !== undefined) this.set(parked);
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

/** The database this process's gauges read (undefined: none, e.g. once a test closed it). */
export function watchDatabaseForMetrics(database: Database | undefined): void {
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
