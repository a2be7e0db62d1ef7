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

/**
 * Queues automatic answers (kind 'auto': sent even to a contact who just opted out). An answer is
 * not repeated: not twice to one sender in a batch, and not when the contact's latest automatic
 * answer, within a day, was the same text. So an automatic responder on the other side (which
 * answers our confirmation with STOP again) cannot start a loop, while STOP after START is
 * confirmed again (the latest answer then was the opt-in's). Answers how many it queued.
 */
export async function queueAutoReplies(
  db: Executor,
  replies: Array<{ contactId: string | null; gatewayId: string; phone: string; senderId: string | null; body: string }>,
): Promise<number> {
  if (replies.length === 0) return 0;
  const column = <T>(pick: (reply: (typeof replies)[number]) => T) => sql.param(replies.map(pick));
  const queued = await queryRows<{ id: string }>(
    db,
    sql`insert into messages (kind, contact_id, gateway_id, phone, sender_id, body)
    select distinct on (r.phone, r.body) 'auto', r.contact_id, r.gateway_id, r.phone, r.sender_id, r.body
    from unnest(${column((r) => r.contactId)}::uuid[], ${column((r) => r.gatewayId)}::uuid[], ${column((r) => r.phone)}::text[],
                ${column((r) => r.senderId)}::text[], ${column((r) => r.body)}::text[]) as r(contact_id, gateway_id, phone, sender_id, body)
    where r.contact_id is null
       or not exists (select 1
                      from (select m.body, m.queued_at from messages m
                            where m.campaign_id is null and m.contact_id = r.contact_id and m.kind = 'auto'
                            order by m.id desc limit 1) latest
                      where latest.body = r.body and latest.queued_at > now() - interval '1 day')
    returning id`,
  );
  return queued.length;
}
