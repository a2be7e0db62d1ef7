import type { MessageKind, MessageStatus } from '@sms/contracts/messages';
import type { TicketPriority, TicketStatus } from '@sms/contracts/tickets';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { conversationStatusSql } from '../tickets/index.ts';

const toIso = (value: string | Date) => new Date(value).toISOString();

export interface ConversationFilter {
  search?: string | undefined;
  unread?: boolean | undefined;
  optedOut?: boolean | undefined;
  campaignId?: string | undefined;
}

export interface ConversationRow {
  contactId: string;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  optedOut: boolean;
  lastActivityAt: string;
  lastMessage: { direction: 'in' | 'out'; body: string; at: string; status: MessageStatus | null };
  unread: number;
  /** The conversation as a ticket (modules/tickets): its status now, assignee and priority. */
  ticket: { status: TicketStatus; assignee: { id: string; name: string } | null; priority: TicketPriority };
}

/** The WHERE part of the conversations list (over inbox_conversations `conv` joined to contacts `c` and the read mark `rd`). */
function conversationWhere(filter: ConversationFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.search) {
    const like = `%${escapeLike(filter.search.toLowerCase())}%`;
    const digits = filter.search.replace(/[\s().-]/g, '');
    const byPhone = /^\+?\d+$/.test(digits) ? sql` or c.phone like ${`%${escapeLike(digits)}%`}` : sql``;
    parts.push(sql`(lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) like ${like}${byPhone}
      or exists (select 1 from inbound_messages x where x.contact_id = conv.contact_id and lower(x.body) like ${like})
      or exists (select 1 from messages x where x.campaign_id is null and x.contact_id = conv.contact_id and x.kind = 'reply' and lower(x.body) like ${like}))`);
  }
  if (filter.unread === true) parts.push(sql`conv.last_inbound_id > coalesce(rd.last_read_inbound_id, 0)`);
  if (filter.unread === false) parts.push(sql`coalesce(conv.last_inbound_id, 0) <= coalesce(rd.last_read_inbound_id, 0)`);
  if (filter.optedOut !== undefined) parts.push(sql`c.status = ${filter.optedOut ? 'opted_out' : 'active'}`);
  // Contacts who replied to that campaign: one probe of the (campaign_id, contact_id) index each.
  if (filter.campaignId)
    parts.push(
      sql`exists (select 1 from messages m where m.campaign_id = ${filter.campaignId} and m.contact_id = conv.contact_id and m.replied_at is not null)`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * Conversations: one per contact with inbound messages or inbox replies (inbox_conversations),
 * newest activity first, with the last message, the unread count (inbound above the read mark)
 * and totals. The last message and unread count are read for the page's rows only.
 */
export async function listConversations(
  db: Executor,
  filter: ConversationFilter & { limit: number; skip: number },
): Promise<{ rows: ConversationRow[]; total: number; unreadConversations: number }> {
  const rows = await queryRows<{
    contact_id: string;
    first_name: string | null;
    last_name: string | null;
    phone: string;
    status: string;
    last_at: string | Date;
    direction: 'in' | 'out' | null;
    body: string | null;
    at: string | Date | null;
    msg_status: MessageStatus | null;
    unread: number;
    total: number;
    unread_conversations: number;
    ticket_status: TicketStatus;
    assignee_id: string | null;
    assignee_name: string | null;
    priority: TicketPriority | null;
  }>(
    db,
    sql`with filtered as (
          select conv.contact_id, conv.last_activity_at as last_at, conv.last_inbound_id as last_in_id,
                 c.first_name, c.last_name, c.phone, c.status, coalesce(rd.last_read_inbound_id, 0) as read_id
          from inbox_conversations conv join contacts c on c.id = conv.contact_id left join inbox_reads rd on rd.contact_id = conv.contact_id
          where ${conversationWhere(filter)}
        ), page as (
          select f.*, count(*) over () as total, count(*) filter (where f.last_in_id > f.read_id) over () as unread_conversations
          from filtered f order by f.last_at desc, f.contact_id desc limit ${filter.limit} offset ${filter.skip}
        )
        select p.contact_id, p.first_name, p.last_name, p.phone, p.status, p.last_at,
               p.total::int as total, p.unread_conversations::int as unread_conversations,
               (select count(*) from inbound_messages x where x.contact_id = p.contact_id and x.id > p.read_id)::int as unread,
               lm.direction, lm.body, lm.at, lm.status as msg_status,
               ${conversationStatusSql} as ticket_status, cs.assignee_id, au.name as assignee_name, cs.priority
        from page p
        left join conversation_states cs on cs.contact_id = p.contact_id left join users au on au.id = cs.assignee_id
        left join lateral (
          select * from (
            (select 'in' as direction, i.body, i.received_at as at, null::text as status from inbound_messages i
             where i.contact_id = p.contact_id order by i.received_at desc, i.id desc limit 1)
            union all
            (select 'out', coalesce(m.body, ''), m.queued_at, m.status from messages m
             where m.campaign_id is null and m.contact_id = p.contact_id and m.kind = 'reply' order by m.queued_at desc, m.id desc limit 1)
          ) both_sides order by at desc limit 1
        ) lm on true
        order by p.last_at desc, p.contact_id desc`,
  );
  // With skip past the end the window totals are lost: count separately then (rare).
  const first = rows[0];
  const totals = first
    ? { total: first.total, unreadConversations: first.unread_conversations }
    : filter.skip > 0
      ? await countConversations(db, filter)
      : { total: 0, unreadConversations: 0 };
  return {
    ...totals,
    rows: rows.map((row) => ({
      contactId: row.contact_id,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      optedOut: row.status === 'opted_out',
      lastActivityAt: toIso(row.last_at),
      lastMessage: { direction: row.direction ?? 'in', body: row.body ?? '', at: toIso(row.at ?? row.last_at), status: row.msg_status },
      unread: row.unread,
      ticket: {
        status: row.ticket_status,
        assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
        priority: row.priority ?? 'normal',
      },
    })),
  };
}

async function countConversations(db: Executor, filter: ConversationFilter): Promise<{ total: number; unreadConversations: number }> {
  const [row] = await queryRows<{ total: number; unread_conversations: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where conv.last_inbound_id > coalesce(rd.last_read_inbound_id, 0)))::int as unread_conversations
        from inbox_conversations conv join contacts c on c.id = conv.contact_id left join inbox_reads rd on rd.contact_id = conv.contact_id
        where ${conversationWhere(filter)}`,
  );
  return { total: row?.total ?? 0, unreadConversations: row?.unread_conversations ?? 0 };
}

export interface InboxContactRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  status: 'active' | 'opted_out';
}

export async function findInboxContact(db: Executor, contactId: string): Promise<InboxContactRow | undefined> {
  const [row] = await queryRows<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    phone: string;
    status: 'active' | 'opted_out';
  }>(db, sql`select id, first_name, last_name, phone, status from contacts where id = ${contactId}`);
  return row ? { id: row.id, firstName: row.first_name, lastName: row.last_name, phone: row.phone, status: row.status } : undefined;
}

export interface HistoryRow {
  key: string;
  id: string;
  direction: 'in' | 'out';
  kind: MessageKind | null;
  body: string;
  at: string;
  status: MessageStatus | null;
  errorCode: string | null;
  segments: number | null;
  campaignId: string | null;
  campaignName: string | null;
  cursor: string;
}

/** A cursor: microseconds since the epoch, direction and id ('1700000000000000:in-42'). */
export function parseCursor(cursor: string | undefined): { us: string; dir: 'in' | 'out'; id: string } | null {
  const match = cursor ? /^(\d{1,20}):(in|out)-(\d{1,18})$/.exec(cursor) : null;
  return match?.[1] && match[3] ? { us: match[1], dir: match[2] === 'in' ? 'in' : 'out', id: match[3] } : null;
}

/**
 * A contact's messages, newest first: inbound ones (index on contact_id), campaign ones (one probe
 * of the (campaign_id, contact_id) unique index per campaign: messages has no contact index on
 * purpose) and one-offs (partial index on contact_id where campaign_id is null). Account notices
 * (reset links, sign-in codes) are never shown. Pages backwards by (time, direction, id).
 */
export async function contactHistory(
  db: Executor,
  contactId: string,
  options: { limit: number; before?: string | undefined },
): Promise<{ rows: HistoryRow[]; nextCursor: string | null }> {
  const cursor = parseCursor(options.before);
  const n = options.limit + 1;
  const older = (us: SQL, dir: string, id: SQL) =>
    cursor ? sql`and (${us}, ${dir}::text, ${id}) < (${cursor.us}::bigint, ${cursor.dir}::text, ${cursor.id}::bigint)` : sql``;
  const usOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;
  const inAt = usOf(sql`i.received_at`);
  const outAt = usOf(sql`coalesce(m.sent_at, m.queued_at)`);
  const rows = await queryRows<{
    dir: 'in' | 'out';
    id: string | number;
    kind: MessageKind | null;
    body: string | null;
    at: string | Date;
    us: string | number;
    status: MessageStatus | null;
    error_code: string | null;
    segments: number | null;
    campaign_id: string | null;
    campaign_name: string | null;
  }>(
    db,
    sql`select * from (
          (select 'in' as dir, i.id, null::text as kind, i.body, i.received_at as at, ${inAt} as us, null::text as status, null::text as error_code,
                  null::int as segments, null::uuid as campaign_id, null::text as campaign_name
           from inbound_messages i where i.contact_id = ${contactId} ${older(inAt, 'in', sql`i.id`)}
           order by 6 desc, 2 desc limit ${n})
          union all
          (select 'out', m.id, m.kind, coalesce(m.body, c.body), coalesce(m.sent_at, m.queued_at), ${outAt}, m.status, m.error_code,
                  m.segments::int, m.campaign_id, c.name
           from campaigns c join messages m on m.campaign_id = c.id and m.contact_id = ${contactId}
           where true ${older(outAt, 'out', sql`m.id`)}
           order by 6 desc, 2 desc limit ${n})
          union all
          (select 'out', m.id, m.kind, coalesce(m.body, ''), coalesce(m.sent_at, m.queued_at), ${outAt}, m.status, m.error_code,
                  m.segments::int, null::uuid, null::text
           from messages m where m.campaign_id is null and m.contact_id = ${contactId} and m.kind <> 'notice' ${older(outAt, 'out', sql`m.id`)}
           order by 6 desc, 2 desc limit ${n})
        ) items
        order by us desc, dir desc, id desc
        limit ${n}`,
  );
  const mapped = rows.map((row) => ({
    key: `${row.dir}-${row.id}`,
    id: String(row.id),
    direction: row.dir,
    kind: row.kind,
    body: row.body ?? '',
    at: toIso(row.at),
    status: row.status,
    errorCode: row.error_code,
    segments: row.segments,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    cursor: `${row.us}:${row.dir}-${row.id}`,
  }));
  const more = mapped.length > options.limit;
  const page = more ? mapped.slice(0, options.limit) : mapped;
  return { rows: page, nextCursor: more ? (page.at(-1)?.cursor ?? null) : null };
}

/**
 * Records inbound activity of processed messages: one upsert per contact (the batch's latest
 * time and highest id), so a wave of replies costs one statement.
 */
export async function recordInboundActivity(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`insert into inbox_conversations (contact_id, last_activity_at, last_inbound_id)
    select contact_id, max(received_at), max(id) from inbound_messages
    where id = any(${sql.param(ids)}::bigint[]) and contact_id is not null group by contact_id
    on conflict (contact_id) do update set
      last_activity_at = greatest(inbox_conversations.last_activity_at, excluded.last_activity_at),
      last_inbound_id = greatest(inbox_conversations.last_inbound_id, excluded.last_inbound_id)`);
}

/** Moves a conversation to the top after a reply (creating it for a contact who never wrote in). */
export async function recordReplyActivity(db: Executor, contactId: string): Promise<void> {
  await db.execute(sql`insert into inbox_conversations (contact_id, last_activity_at) values (${contactId}, now())
    on conflict (contact_id) do update set last_activity_at = greatest(inbox_conversations.last_activity_at, excluded.last_activity_at)`);
}

/** Moves a contact's read mark up to its latest inbound message; answers the unread count left (0). */
export async function markConversationRead(db: Executor, contactId: string, userId: string): Promise<void> {
  await db.execute(sql`insert into inbox_reads (contact_id, last_read_inbound_id, read_at, read_by)
    select ${contactId}, coalesce(max(id), 0), now(), ${userId} from inbound_messages where contact_id = ${contactId}
    on conflict (contact_id) do update set last_read_inbound_id = greatest(inbox_reads.last_read_inbound_id, excluded.last_read_inbound_id),
      read_at = excluded.read_at, read_by = excluded.read_by`);
}

/** The address the contact last wrote to (our number or short code), to answer on the same channel. */
export async function lastInboundAddress(db: Executor, contactId: string): Promise<string | null> {
  const [row] = await queryRows<{ to_address: string }>(
    db,
    sql`select to_address from inbound_messages where contact_id = ${contactId} order by id desc limit 1`,
  );
  return row?.to_address ?? null;
}

/** Queues an inbox reply (kind 'reply', no campaign) through a gateway; answers its id. */
export async function insertReply(
  db: Executor,
  values: { contactId: string; gatewayId: string; phone: string; senderId: string | null; body: string; createdBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into messages (kind, contact_id, gateway_id, phone, sender_id, body, created_by)
        values ('reply', ${values.contactId}, ${values.gatewayId}, ${values.phone}, ${values.senderId}, ${values.body}, ${values.createdBy}) returning id`,
  );
  return String(row?.id);
}

// Live updates (inbox-events.ts polls these).

/** The highest inbound and one-off message ids now: where live updates start. */
export async function eventWatermarks(db: Executor): Promise<{ inbound: number; oneOff: number }> {
  const [row] = await queryRows<{ inbound: string | number | null; one_off: string | number | null }>(
    db,
    sql`select (select max(id) from inbound_messages) as inbound, (select max(id) from messages where campaign_id is null) as one_off`,
  );
  return { inbound: Number(row?.inbound ?? 0), oneOff: Number(row?.one_off ?? 0) };
}

/** Inbound messages with an id above `after`, in id order, and whether each is processed yet. */
export async function inboundSince(
  db: Executor,
  after: number,
  limit: number,
): Promise<Array<{ id: number; contactId: string | null; processed: boolean }>> {
  const rows = await queryRows<{ id: string | number; contact_id: string | null; processed: boolean }>(
    db,
    sql`select id, contact_id, processed_at is not null as processed from inbound_messages where id > ${after} order by id limit ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), contactId: row.contact_id, processed: row.processed }));
}

/** New inbox one-offs (replies, automatic answers) with an id above `after` (partial index on one-offs). */
export async function oneOffsSince(
  db: Executor,
  after: number,
  limit: number,
): Promise<Array<{ id: number; contactId: string | null; status: MessageStatus }>> {
  const rows = await queryRows<{ id: string | number; contact_id: string | null; status: MessageStatus }>(
    db,
    sql`select id, contact_id, status from messages where campaign_id is null and id > ${after} and kind in ('reply', 'auto', 'api') order by id limit ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), contactId: row.contact_id, status: row.status }));
}

/** The statuses of messages being followed. */
export async function messageStatuses(db: Executor, ids: number[]): Promise<Array<{ id: number; status: MessageStatus }>> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string | number; status: MessageStatus }>(
    db,
    sql`select id, status from messages where id = any(${sql.param(ids)}::bigint[])`,
  );
  return rows.map((row) => ({ id: Number(row.id), status: row.status }));
}
