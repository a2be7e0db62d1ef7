import type { GatewayLink, GatewayLinkState } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * The link state of gateways as each worker process reports it (gateway_links): workers write,
 * API processes read. A row not refreshed for LINK_STALE_SECONDS belongs to a worker that stopped
 * without saying so (killed) and is ignored.
 */

/**
 * Workers refresh their rows every third of this (modules/messaging/link-reporter.ts): a row
 * older than this belongs to a worker that died (or lost the database) and is not shown.
 */
export const LINK_STALE_SECONDS = 15;

/** Records a worker's link to a gateway; `since` moves only when the state changes (a retrying link keeps the time it was lost). */
export async function upsertGatewayLink(
  db: Executor,
  gatewayId: string,
  worker: string,
  link: { state: GatewayLinkState; reason: string | null },
): Promise<void> {
  await db.execute(sql`insert into gateway_links (gateway_id, worker, state, reason) values (${gatewayId}, ${worker}, ${link.state}, ${link.reason})
    on conflict (gateway_id, worker) do update set state = excluded.state, reason = excluded.reason, seen_at = now(),
      since = case when gateway_links.state = excluded.state then gateway_links.since else now() end`);
}

/** Marks a worker's rows as still current. */
export async function touchGatewayLinks(db: Executor, worker: string): Promise<void> {
  await db.execute(sql`update gateway_links set seen_at = now() where worker = ${worker}`);
}

/** Forgets the rows of workers gone for a minute (killed: they could not remove their own). */
export async function deleteStaleGatewayLinks(db: Executor): Promise<void> {
  await db.execute(sql`delete from gateway_links where seen_at < now() - interval '1 minute'`);
}

/** Forgets a worker's link to one gateway (it was closed), or all its links (the worker stops). */
export async function deleteGatewayLinks(db: Executor, worker: string, gatewayId?: string): Promise<void> {
  await db.execute(sql`delete from gateway_links where worker = ${worker} ${gatewayId ? sql`and gateway_id = ${gatewayId}` : sql``}`);
}

/**
 * Each gateway's link as the running workers see it, the worst first: refused, then retrying,
 * then connected; its reason, and since when (the earliest among the workers in that state).
 * Gateways no current worker reported are absent.
 */
export async function currentGatewayLinks(db: Executor, gatewayIds?: string[]): Promise<Map<string, GatewayLink>> {
  const only = gatewayIds ? sql`and gateway_id = any(${sql.param(gatewayIds)}::uuid[])` : sql``;
  const rows = await queryRows<{ gateway_id: string; state: GatewayLinkState; reason: string | null; since: string }>(
    db,
    sql`select distinct on (gateway_id) gateway_id, state, reason,
               to_char(since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since
        from gateway_links
        where seen_at > now() - make_interval(secs => ${LINK_STALE_SECONDS}) ${only}
        order by gateway_id, case state when 'refused' then 0 when 'retrying' then 1 else 2 end, since`,
  );
  return new Map(rows.map((row) => [row.gateway_id, { state: row.state, reason: row.reason, since: row.since }]));
}
