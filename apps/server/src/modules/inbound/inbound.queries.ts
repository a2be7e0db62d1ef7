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
    id: string | number; gateway_id: string; contact_id: string | null; status: 'active' | 'opted_out' | null;
    from_phone: string; to_address: string; body: string; received_at: string | Date;
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

/**
 * For each inbound message, the campaign message it answers: the most recent one sent to its
 * contact whose campaign's reply window still covered the time it was received. One probe of the
 * (campaign, contact) index per campaign launched within the longest window.
 */
export async function matchReplies(db: Executor, ids: string[]): Promise<Array<{ inboundId: string; messageId: string }>> {
  const rows = await queryRows<{ inbound_id: string | number; message_id: string | number }>(
    db,
    sql`select distinct on (i.id) i.id as inbound_id, m.id as message_id
        from inbound_messages i
        join campaigns c on c.launched_at is not null and c.launched_at <= i.received_at and c.launched_at > i.received_at - interval '31 days'
        join messages m on m.campaign_id = c.id and m.contact_id = i.contact_id
        where i.id = any(${sql.param(ids)}::bigint[]) and i.contact_id is not null
          and m.sent_at is not null and m.sent_at <= i.received_at
          and i.received_at <= m.sent_at + make_interval(hours => c.reply_window_hours)
        order by i.id, m.sent_at desc, m.id desc`,
  );
  return rows.map((row) => ({ inboundId: String(row.inbound_id), messageId: String(row.message_id) }));
}

/** Records replies: the inbound's link, and each answered message's first reply (time, text, word). */
export async function recordReplies(db: Executor, replies: Array<{ inboundId: string; messageId: string; at: Date; text: string; word: string }>): Promise<void> {
  if (replies.length === 0) return;
  const column = <T>(pick: (reply: (typeof replies)[number]) => T) => sql.param(replies.map(pick));
  await db.execute(sql`update inbound_messages i set reply_to_message_id = r.message_id
    from unnest(${column((r) => r.inboundId)}::bigint[], ${column((r) => r.messageId)}::bigint[]) as r(inbound_id, message_id)
    where i.id = r.inbound_id`);
  // The earliest reply wins; a message already answered keeps its first reply.
  await db.execute(sql`update messages m set replied_at = r.at, reply_text = r.text, reply_word = r.word
    from (select distinct on (message_id) * from unnest(${column((r) => r.messageId)}::bigint[], ${column((r) => r.at.toISOString())}::timestamptz[],
            ${column((r) => r.text.slice(0, 1000))}::text[], ${column((r) => r.word)}::text[]) as u(message_id, at, text, word)
          order by message_id, at) r
    where m.id = r.message_id and m.replied_at is null`);
}

/** Opts contacts out by keyword (time and source kept), or back in. */
export async function setConsent(db: Executor, contactIds: string[], optedOut: boolean): Promise<void> {
  if (contactIds.length === 0) return;
  const ids = sql.param(contactIds);
  await (optedOut
    ? db.execute(sql`update contacts set status = 'opted_out', opted_out_at = now(), opt_out_source = 'keyword', updated_at = now() where id = any(${ids}::uuid[]) and status = 'active'`)
    : db.execute(sql`update contacts set status = 'active', opted_out_at = null, opt_out_source = null, updated_at = now() where id = any(${ids}::uuid[]) and status = 'opted_out'`));
}

/** Queues automatic answers (kind 'auto': sent even to a contact who just opted out). */
export async function queueAutoReplies(db: Executor, replies: Array<{ contactId: string | null; gatewayId: string; phone: string; senderId: string | null; body: string }>): Promise<void> {
  if (replies.length === 0) return;
  const column = <T>(pick: (reply: (typeof replies)[number]) => T) => sql.param(replies.map(pick));
  await db.execute(sql`insert into messages (kind, contact_id, gateway_id, phone, sender_id, body)
    select 'auto', contact_id, gateway_id, phone, sender_id, body
    from unnest(${column((r) => r.contactId)}::uuid[], ${column((r) => r.gatewayId)}::uuid[], ${column((r) => r.phone)}::text[],
                ${column((r) => r.senderId)}::text[], ${column((r) => r.body)}::text[]) as r(contact_id, gateway_id, phone, sender_id, body)`);
}

/** Marks inbound messages processed. */
export async function markProcessed(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update inbound_messages set processed_at = now() where id = any(${sql.param(ids)}::bigint[])`);
}

/** Inbound messages stored but never processed (a crash between storing and processing), oldest first. */
export async function unprocessedInbound(db: Executor, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`select id from inbound_messages where processed_at is null order by id limit ${limit}`);
  return rows.map((row) => String(row.id));
}
