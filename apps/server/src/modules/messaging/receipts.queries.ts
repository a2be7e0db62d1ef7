import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { DeliveryReceipt } from '../../gateways/gateway.ts';

/** A receipt with, when it was parked first, the database's time it arrived then. */
type ArrivedReceipt = DeliveryReceipt & { arrivedAt?: string | null };

/**
 * Applies delivery receipts in one statement. Receipts may come in any order and more than once:
 * a message moves sent (or unknown: its receipt came after the wait) -> delivered | undelivered |
 * failed, and undelivered -> delivered (a late success); anything else (a duplicate, delivered ->
 * undelivered, anything after a reply, which made it delivered) changes nothing. A receipt finds
 * its message by the gateway id of its latest submission, or of an earlier one (a message sent
 * again after its worker stalled: earlier_submissions). delivered_at and failed_at are the
 * database's time the receipt arrived (never before sent_at); the carrier's own date goes to
 * carrier_done_at. Receipts whose message is unknown or not written back yet (the write-back has
 * not committed) are kept in pending_receipts and applied again later. Answers how many messages
 * changed and how many receipts were parked; adds the changed messages' ids to `recorded` (the
 * `receipt.recorded` event) when given.
 */
export async function applyReceipts(
  db: Executor,
  gatewayId: string,
  receipts: ArrivedReceipt[],
  recorded?: string[],
): Promise<{ applied: number; parked: number }> {
  if (receipts.length === 0) return { applied: 0, parked: 0 };
  // One receipt per message: the final state that would win anyway (delivered beats the others).
  const latest = new Map<string, ArrivedReceipt>();
  for (const receipt of receipts) {
    const seen = latest.get(receipt.gatewayMessageId);
    if (!seen || (seen.status !== 'delivered' && (receipt.status === 'delivered' || receipt.at >= seen.at)))
      latest.set(receipt.gatewayMessageId, receipt);
  }
  const list = [...latest.values()];
  const column = <T>(pick: (receipt: ArrivedReceipt) => T) => sql.param(list.map(pick));
  const [row] = await queryRows<{ applied: string[] | null; parked: number }>(
    db,
    sql`with r as (
          select * from unnest(${column((r) => r.gatewayMessageId)}::text[], ${column((r) => r.status)}::text[],
                               ${column((r) => r.at.toISOString())}::timestamptz[], ${column((r) => r.errorCode ?? null)}::text[],
                               ${column((r) => r.errorText ?? null)}::text[], ${column((r) => r.arrivedAt ?? null)}::timestamptz[])
                          as r(gid, status, at, code, text, arrived)),
        -- One index probe per receipt, for the newest message with that id (an SMSC may reuse its
        -- ids over time). The limit keeps each probe a probe: flattened into a join, the planner
        -- hashed every message of the gateway, and its estimate of that made PostgreSQL compile
        -- the statement (JIT, some 650 ms) on every flush.
        matched as (
          select r.*, coalesce(d.id, e.message_id) as message_id, e.status as earlier_status
          from r
          left join lateral (select m.id from messages m where m.gateway_message_id = r.gid and m.gateway_id = ${gatewayId}
                             order by m.id desc limit 1) d on true
          left join lateral (select e.message_id, m.status from earlier_submissions e join messages m on m.id = e.message_id
                             where d.id is null and e.gateway_id = ${gatewayId} and e.gateway_message_id = r.gid limit 1) e on true),
        applied as (
          update messages m set
            status = r.status,
            delivered_at = case when r.status = 'delivered' then greatest(m.sent_at, coalesce(r.arrived, now())) else m.delivered_at end,
            failed_at = case when r.status = 'delivered' then null else greatest(m.sent_at, coalesce(r.arrived, now())) end,
            carrier_done_at = r.at,
            error_code = case when r.status = 'delivered' then null else coalesce(r.code, m.error_code) end,
            error_text = case when r.status = 'delivered' then null else coalesce(r.text, m.error_text) end
          from matched r
          where m.id = r.message_id
            and (m.status in ('sent', 'unknown') or (m.status = 'undelivered' and r.status = 'delivered'))
          returning m.id),
        parked as (
          -- No message has this id yet, or only one being sent again (written back later).
          insert into pending_receipts (gateway_id, gateway_message_id, status, error_code, error_text, at, received_at)
          select ${gatewayId}, r.gid, r.status, r.code, r.text, r.at, coalesce(r.arrived, now()) from matched r
          where r.message_id is null or r.earlier_status in ('sending', 'queued')
          returning 1)
        select (select array_agg(id::text) from applied) as applied, (select count(*) from parked)::int as parked`,
  );
  const messageIds = row?.applied ?? [];
  recorded?.push(...messageIds);
  return { applied: messageIds.length, parked: row?.parked ?? 0 };
}

type PendingRow = {
  gateway_message_id: string;
  status: DeliveryReceipt['status'];
  error_code: string | null;
  error_text: string | null;
  at: string | Date;
  received_at: string;
};

/**
 * Takes parked receipts (of some gateway message ids, or the oldest `limit` of a gateway) out of
 * pending_receipts and applies them again; those still unmatched are parked anew. Parked
 * receipts older than `maxAgeHours` are dropped (receipts for parts 2..n of a long message, or
 * for messages of another installation sharing the account, never match). The changed messages'
 * ids go to `recorded`, as with applyReceipts.
 */
export async function reapplyPendingReceipts(
  db: Executor,
  gatewayId: string,
  options: { gatewayMessageIds?: string[]; limit?: number; maxAgeHours?: number; recorded?: string[] },
): Promise<number> {
  const byIds = options.gatewayMessageIds ? sql`and gateway_message_id = any(${sql.param(options.gatewayMessageIds)}::text[])` : sql``;
  const rows = await queryRows<PendingRow>(
    db,
    sql`delete from pending_receipts where id in (
          select id from pending_receipts where gateway_id = ${gatewayId} ${byIds} order by id limit ${options.limit ?? 10_000})
        returning gateway_message_id, status, error_code, error_text, at, received_at::text`,
  );
  if (rows.length === 0) return 0;
  const receipts = rows.map((row) => ({
    gatewayMessageId: row.gateway_message_id,
    status: row.status,
    errorCode: row.error_code,
    errorText: row.error_text,
    at: new Date(row.at),
    arrivedAt: row.received_at,
  }));
  const { applied } = await applyReceipts(db, gatewayId, receipts, options.recorded);
  if (options.maxAgeHours !== undefined) {
    await db.execute(
      sql`delete from pending_receipts where gateway_id = ${gatewayId} and at < now() - make_interval(hours => ${options.maxAgeHours})`,
    );
  }
  return applied;
}

/** Gateways with parked receipts (the sweeper visits each). */
export async function gatewaysWithPendingReceipts(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ gateway_id: string }>(db, sql`select distinct gateway_id from pending_receipts`);
  return rows.map((row) => row.gateway_id);
}
