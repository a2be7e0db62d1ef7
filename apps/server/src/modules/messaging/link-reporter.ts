import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/client.ts';
import type { GatewayLinkStatus } from '../../gateways/gateway.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import { deleteGatewayLinks, LINK_STALE_SECONDS, upsertGatewayLink } from '../gateways/index.ts';

/**
 * This worker's view of its gateways' links, kept in gateway_links where every API process reads
 * it (workers run in other processes than the API on PostgreSQL). Each change is written at
 * once, in order; every few seconds the current states are written again: a heartbeat that keeps
 * a live worker's rows current (rows of a dead worker go stale within LINK_STALE_SECONDS and are
 * no longer shown) and repairs a write that failed (a database outage). Closing removes this
 * worker's rows.
 */
export function createLinkReporter(database: Database, logger: JobsLogger, options: { refreshMs?: number } = {}) {
  const db = database.db;
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const current = new Map<string, GatewayLinkStatus>();
  let writes: Promise<void> = Promise.resolve();
  const write = (what: () => Promise<void>) => {
    writes = writes.then(what).catch((error: unknown) => {
      if (!database.availability.failed(error)) logger.error({ err: error }, 'could not record the state of a gateway link');
    });
  };
  const refresh = setInterval(
    () => {
      for (const [gatewayId, status] of current) write(() => upsertGatewayLink(db, gatewayId, worker, status));
    },
    options.refreshMs ?? (LINK_STALE_SECONDS * 1000) / 3,
  );
  refresh.unref();

  return {
    worker,
    /** A gateway's link changed (null: its instance was closed). */
    report(gatewayId: string, status: GatewayLinkStatus | null): void {
      if (status) current.set(gatewayId, status);
      else current.delete(gatewayId);
      write(() => (status ? upsertGatewayLink(db, gatewayId, worker, status) : deleteGatewayLinks(db, worker, gatewayId)));
    },
    async close(): Promise<void> {
      clearInterval(refresh);
      current.clear();
      write(() => deleteGatewayLinks(db, worker));
      await writes;
    },
  };
}
