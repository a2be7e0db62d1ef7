import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** An inbound message being processed, with its contact's consent. */
export interface InboundRow {
  id: string;
  gatewayId: string;
  contactId: string | null;
  contactStatus: 'active' | 'opted_out' | null;
  fromPhone: string;
  toAddress: string;
  body: string;
  receivedAt: Date;
}

/**
 * Gives every unknown E.164 sender of these inbound messages a contact (source 'inbound') and
 * links the messages to their contacts.
 */
export async function linkInboundContacts(db: Executor, ids: string[]): Promise<void> {
  const batch = sql.param(ids);
  await db.execute(sql`insert into contacts (phone, source)
    select distinct from_phone, 'inbound' from inbound_messages
    where id = any(${batch}::bigint[]) and contact_id is null and from_phone ~ '^\\+[1-9][0-9]{6,14}$'
    on conflict (phone) do nothing`);
  await db.execute(sql`update inbound_messages i set contact_id = c.id from contacts c
    where i.id = any(${batch}::bigint[]) and i.contact_id is null and c.phone = i.from_phone`);
}

/** The unprocessed inbound messages among `ids`, oldest first, locked for this transaction. */
export async function lockUnprocessed(db: Executor, ids: string[]): Promise<InboundRow[]> {
  const rows = await queryRows<{
    id: string | number;
    gateway_id: string;
    contact_id: string | null;
    status: 'active' | 'opted_out' | null;
    from_phone: string;
    to_address: string;
    body: string;
    received_at: string | Date;
  }>(
    db,
    sql`select i.id, i.gateway_id, i.contact_id, c.status, i.from_phone, i.to_address, i.body, i.received_at
        from inbound_messages i left join contacts c on c.id = i.contact_id
        where i.id = any(${sql.param(ids)}::bigint[]) and i.processed_at is null
        order by i.received_at, i.id
        for update of i skip locked`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    gatewayId: row.gateway_id,
    contactId: row.contact_id,
    contactStatus: row.status,
    fromPhone: row.from_phone,
    toAddress: row.to_address,
    body: row.body,
    receivedAt: new Date(row.received_at),
  }));
}

/** What the matching decided for one inbound message. */
export interface ReplyMatch {
  inboundId: string;
  messageId: string;
  /** The message was still being handed to the gateway: wait for its outcome before deciding. */
  inFlight: boolean;
}

/** How long after an integration API message (kind 'api') a reply still answers it: a campaign's default window. */
export const API_REPLY_WINDOW_HOURS = 72;

/**
 * For each inbound message, the message it answers: the most recent campaign or integration API
 * message handed to the gateway before it arrived (sent_at, or its earliest hand-over while in
 * flight, and received_at are all the database's clock) whose reply window (the campaign's; API_REPLY_WINDOW_HOURS
 * for API messages) still covered its arrival. When that message is still in flight (claimed,
 * outcome not written yet), the answer is `inFlight`: it becomes the reply's message if the
 * gateway accepts it, else an older one does. Inbound messages without a candidate are absent.
 * One probe of the (campaign, contact) index per campaign launched within the longest window, and
 * one of the one-off contact index.
 */
export async function matchReplies(db: Executor, ids: string[]): Promise<ReplyMatch[]> {
  if (ids.length === 0) return [];
  // In flight: being sent now (its earliest hand-over, or this claim), or queued again after a
  // claim that may have handed it over (a crashed worker, a lost link): a reply to that first
  // submission waits for the resend's outcome. Never handed over: no candidate.
  const handedAt = sql`case m.status when 'sending' then least(m.handed_at, m.claimed_at) when 'queued' then m.handed_at else m.sent_at end`;
  const rows = await queryRows<{ inbound_id: string | number; message_id: string | number; in_flight: boolean }>(
    db,
    sql`select distinct on (i.id) i.id as inbound_id, x.id as message_id, x.status in ('sending', 'queued') as in_flight
        from inbound_messages i
        cross join lateral (
          select m.id, m.status, h.handed_at
          from campaigns c
          join messages m on m.campaign_id = c.id and m.contact_id = i.contact_id
          cross join lateral (select ${handedAt} as handed_at) h
          where c.launched_at is not null and c.launched_at <= i.received_at and c.launched_at > i.received_at - interval '31 days'
            and h.handed_at <= i.received_at
            and i.received_at <= h.handed_at + make_interval(hours => c.reply_window_hours)
          union all
          select m.id, m.status, h.handed_at
          from messages m
          cross join lateral (select ${handedAt} as handed_at) h
          where m.campaign_id is null and m.contact_id = i.contact_id and m.kind = 'api'
            and h.handed_at <= i.received_at
            and i.received_at <= h.handed_at + make_interval(hours => ${API_REPLY_WINDOW_HOURS}::int)) x
        where i.id = any(${sql.param(ids)}::bigint[]) and i.contact_id is not null
        order by i.id, x.handed_at desc, x.id desc`,
  );
  return rows.map((row) => ({ inboundId: String(row.inbound_id), messageId: String(row.message_id), inFlight: row.in_flight }));
}

/**
 * Records replies: the inbound's link (no longer pending), and each answered message's first
 * reply (time, text, word). The earliest reply wins even when it is matched after a later one.
 * A reply proves the message reached the phone: the message becomes delivered (a receipt saying
 * otherwise, before or after, no longer counts), delivered no later than the reply. A reply that
 * opted its sender out (`optsOut`) marks the message it answers: its recipient opted out in
 * answer to it (opted_out_at, the earliest; the campaign's opt-out counter follows by trigger).
 */
export async function recordReplies(
  db: Executor,
  replies: Array<{ inboundId: string; messageId: string; word: string; optsOut: boolean }>,
): Promise<void> {
  if (replies.length === 0) return;
  const column = <T>(pick: (reply: (typeof replies)[number]) => T) => sql.param(replies.map(pick));
  await db.execute(sql`update inbound_messages i set reply_to_message_id = r.message_id, reply_pending = false
    from unnest(${column((r) => r.inboundId)}::bigint[], ${column((r) => r.messageId)}::bigint[]) as r(inbound_id, message_id)
    where i.id = r.inbound_id`);
  // The reply's time and text straight from its row: the database's microseconds, like sent_at's.
  await db.execute(sql`update messages m set replied_at = r.at, reply_text = r.text, reply_word = r.word,
      status = 'delivered', delivered_at = least(coalesce(m.delivered_at, r.at), r.at),
      failed_at = null, error_code = null, error_text = null
    from (select distinct on (u.message_id) u.message_id, i.received_at as at, left(i.body, 1000) as text, u.word
          from unnest(${column((r) => r.messageId)}::bigint[], ${column((r) => r.inboundId)}::bigint[], ${column((r) => r.word)}::text[]) as u(message_id, inbound_id, word)
          join inbound_messages i on i.id = u.inbound_id
          order by u.message_id, i.received_at, i.id) r
    where m.id = r.message_id and (m.replied_at is null or r.at < m.replied_at)`);
  const optOuts = replies.filter((reply) => reply.optsOut);
  if (optOuts.length === 0) return;
  await db.execute(sql`update messages m set opted_out_at = r.at
    from (select u.message_id, min(i.received_at) as at
          from unnest(${sql.param(optOuts.map((r) => r.messageId))}::bigint[], ${sql.param(optOuts.map((r) => r.inboundId))}::bigint[]) as u(message_id, inbound_id)
          join inbound_messages i on i.id = u.inbound_id
          group by u.message_id) r
    where m.id = r.message_id and (m.opted_out_at is null or r.at < m.opted_out_at)`);
}

/** Marks inbound messages as waiting for the outcome of the message they may answer (or not). */
export async function setReplyPending(db: Executor, ids: string[], pending: boolean): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update inbound_messages set reply_pending = ${pending} where id = any(${sql.param(ids)}::bigint[])`);
}

/**
 * Pending replies (of some contacts, or any), oldest first, locked for this transaction; rows
 * another transaction holds are left to the next pass. Reads the small partial index.
 */
export async function lockPendingReplies(
  db: Executor,
  contactIds: string[] | null,
  limit: number,
): Promise<Array<{ id: string; body: string; optsOut: boolean }>> {
  const ofContacts = contactIds ? sql`and contact_id = any(${sql.param(contactIds)}::uuid[])` : sql``;
  const rows = await queryRows<{ id: string | number; body: string; opts_out: boolean }>(
    db,
    sql`select id, body, opts_out from inbound_messages where reply_pending ${ofContacts}
        order by id limit ${limit} for update skip locked`,
  );
  return rows.map((row) => ({ id: String(row.id), body: row.body, optsOut: row.opts_out === true }));
}

/** Marks inbound messages processed. */
export async function markProcessed(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update inbound_messages set processed_at = now() where id = any(${sql.param(ids)}::bigint[])`);
}

/** Inbound messages stored but never processed (a crash between storing and processing), oldest first. */
export async function unprocessedInbound(db: Executor, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from inbound_messages where processed_at is null order by id limit ${limit}`,
  );
  return rows.map((row) => String(row.id));
}
