import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** Marks inbound messages as the ones that opted their senders out (kept for their matching, which may come later). */
export async function markOptOuts(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update inbound_messages set opts_out = true where id = any(${sql.param(ids)}::bigint[])`);
}

/**
 * Marks the messages these opting-out replies answer (matched in this transaction, before the
 * keywords were read): their recipients opted out in answer to them (opted_out_at, the earliest;
 * the campaign's opt-out counter follows by trigger; decision 083). Replies still pending are
 * marked when they are matched, from the inbound row's `opts_out`.
 */
export async function markAnsweredOptOuts(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update messages m set opted_out_at = r.at
    from (select i.reply_to_message_id as message_id, min(i.received_at) as at
          from inbound_messages i
          where i.id = any(${sql.param(ids)}::bigint[]) and i.reply_to_message_id is not null
          group by i.reply_to_message_id) r
    where m.id = r.message_id and (m.opted_out_at is null or r.at < m.opted_out_at)`);
}

/** Opts contacts out by keyword (time and source kept), or back in. Answers those whose consent changed. */
export async function setConsent(db: Executor, contactIds: string[], optedOut: boolean): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const ids = sql.param(contactIds);
  const rows = await queryRows<{ id: string }>(
    db,
    optedOut
      ? sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'keyword', updated_at = now() where id = any(${ids}::uuid[]) and status = 'active' returning id`
      : sql`update contacts set status = 'active', opted_out_at = null, opt_out_source = null, opt_in_source = 'keyword', updated_at = now() where id = any(${ids}::uuid[]) and status = 'opted_out' returning id`,
  );
  return rows.map((row) => row.id);
}

/** Queues automatic answers (kind 'auto': sent even to a contact who just opted out). */
export async function queueAutoReplies(
  db: Executor,
  replies: Array<{ contactId: string | null; gatewayId: string; phone: string; senderId: string | null; body: string }>,
): Promise<void> {
  if (replies.length === 0) return;
  const column = <T>(pick: (reply: (typeof replies)[number]) => T) => sql.param(replies.map(pick));
  await db.execute(sql`insert into messages (kind, contact_id, gateway_id, phone, sender_id, body)
    select 'auto', contact_id, gateway_id, phone, sender_id, body
    from unnest(${column((r) => r.contactId)}::uuid[], ${column((r) => r.gatewayId)}::uuid[], ${column((r) => r.phone)}::text[],
                ${column((r) => r.senderId)}::text[], ${column((r) => r.body)}::text[]) as r(contact_id, gateway_id, phone, sender_id, body)`);
}
