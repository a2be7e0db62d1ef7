import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * One row of the timeline's union: every source selects these columns. `us` is the database's time
 * in microseconds (the order, newest first), `key` the item's kind and id (equal times are broken
 * by it, so pages never skip or repeat an item), `data` the kind's fields as JSON.
 */
export interface TimelineRow {
  kind: string;
  at: Date | string;
  us: string | number;
  key: string;
  data: Record<string, unknown>;
}

/** Where a page starts: strictly older than this (time, key). */
export interface TimelineCursor {
  us: string;
  key: string;
}

/** What a source needs: the contact, the page's cursor condition builder, and the rows to fetch (limit + 1). */
interface SourceContext {
  contactId: string;
  /** `and (us, key) < cursor` for a source's own time and key expressions (empty on the first page). */
  older: (us: SQL, key: SQL) => SQL;
  n: number;
}

/** A source of the timeline: one branch of the union, already ordered and limited with its own index. */
type TimelineSource = (context: SourceContext) => SQL;

const usOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;
/** Big integer ids as text that sorts like the numbers. */
const padded = (column: SQL) => sql`lpad(${column}::text, 20, '0')`;

/** The contact was created (by hand, an import, a first reply, the API, the web form). */
const created: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`c.created_at`);
  const key = sql`'created-' || c.id::text`;
  return sql`select 'created' as kind, c.created_at as at, ${us} as us, ${key} as key,
                    jsonb_build_object('source', c.source, 'importId', c.import_id, 'importFile', i.file_name,
                                       'byId', c.created_by, 'byName', u.name) as data
             from contacts c left join imports i on i.id = c.import_id left join users u on u.id = c.created_by
             where c.id = ${contactId} ${older(us, key)} limit ${n}`;
};

const messageData = (
  campaignName: SQL,
) => sql`jsonb_build_object('messageKind', m.kind, 'campaignId', m.campaign_id, 'campaignName', ${campaignName},
                          'status', m.status, 'body', m.body, 'errorCode', m.error_code,
                          'sentAt', m.sent_at, 'deliveredAt', m.delivered_at)`;

/**
 * Campaign messages: one probe of the (campaign_id, contact_id) unique index per campaign (messages
 * has no contact index on purpose, as in the inbox's history), at their send time. The lateral
 * subquery with its limit keeps the probes: as a plain join, where a contact holds a large share of
 * the rows (a small contact base), the planner chose a scan of all messages (bench/RESULTS.md). The
 * page is cut on ids and times first; the JSON is built for the page's rows only.
 */
const campaignMessages: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`coalesce(p.sent_at, p.queued_at)`);
  const key = sql`'message-' || ${padded(sql`p.id`)}`;
  return sql`select 'message', coalesce(m.sent_at, m.queued_at), page.us, page.key, ${messageData(sql`page.name`)}
             from (select p.id, cp.name, ${us} as us, ${key} as key
                   from campaigns cp
                   cross join lateral (select id, sent_at, queued_at from messages
                                       where campaign_id = cp.id and contact_id = ${contactId} limit 1) p
                   where true ${older(us, key)} order by 3 desc, 4 desc limit ${n}) page
             join messages m on m.id = page.id`;
};

/** Direct messages (inbox replies, automatic answers, tests, the API): partial index on contact_id; account notices never. */
const directMessages: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`coalesce(m.sent_at, m.queued_at)`);
  const key = sql`'message-' || ${padded(sql`m.id`)}`;
  return sql`select 'message', coalesce(m.sent_at, m.queued_at), ${us}, ${key}, ${messageData(sql`null::text`)}
             from messages m
             where m.campaign_id is null and m.contact_id = ${contactId} and m.kind <> 'notice' ${older(us, key)}
             order by 3 desc, 4 desc limit ${n}`;
};

/** Messages from the contact (index on contact_id), at the time the database stored them; what each answered (for the page's rows only). */
const replies: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`i.created_at`);
  const key = sql`'reply-' || ${padded(sql`i.id`)}`;
  return sql`select 'reply', page.created_at, page.us, page.key,
                    jsonb_build_object('body', page.body, 'optsOut', page.opts_out, 'campaignId', cp.id, 'campaignName', cp.name)
             from (select i.created_at, i.body, i.opts_out, i.reply_to_message_id, ${us} as us, ${key} as key
                   from inbound_messages i
                   where i.contact_id = ${contactId} ${older(us, key)} order by 5 desc, 6 desc limit ${n}) page
             left join messages m on m.id = page.reply_to_message_id
             left join campaigns cp on cp.id = m.campaign_id`;
};

/** The contact's opt-out, with its source (the contact row keeps the latest). */
const optOut: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`c.opted_out_at`);
  const key = sql`'opt_out-' || c.id::text`;
  return sql`select 'opt_out', c.opted_out_at, ${us}, ${key}, jsonb_build_object('source', c.opt_out_source)
             from contacts c where c.id = ${contactId} and c.opted_out_at is not null ${older(us, key)} limit ${n}`;
};

/** The contact's opt-in after an opt-out: source, and who opted them in with which consent note (the latest). */
const optIn: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`c.opted_in_at`);
  const key = sql`'opt_in-' || c.id::text`;
  return sql`select 'opt_in', c.opted_in_at, ${us}, ${key},
                    jsonb_build_object('source', c.opt_in_source, 'note', c.opt_in_note, 'byId', c.opted_in_by, 'byName', u.name)
             from contacts c left join users u on u.id = c.opted_in_by
             where c.id = ${contactId} and c.opted_in_at is not null ${older(us, key)} limit ${n}`;
};

/** Consent records of the public site (index on contact_id, at). */
const consents: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`k.at`);
  const key = sql`'consent-' || k.id::text`;
  return sql`select 'consent', k.at, ${us}, ${key}, jsonb_build_object('action', k.action, 'source', k.source, 'topics', k.topics)
             from contact_consents k where k.contact_id = ${contactId} ${older(us, key)} order by 3 desc, 4 desc limit ${n}`;
};

/** Internal notes (index on contact_id, created_at). */
const notes: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`t.created_at`);
  const key = sql`'note-' || t.id::text`;
  return sql`select 'note', t.created_at, ${us}, ${key},
                    jsonb_build_object('noteId', t.id, 'body', t.body, 'authorId', t.author_id, 'authorName', u.name)
             from contact_notes t left join users u on u.id = t.author_id
             where t.contact_id = ${contactId} ${older(us, key)} order by 3 desc, 4 desc limit ${n}`;
};

/**
 * The conversation's assignment and status changes (the tickets' history, index on contact_id, at):
 * who it went to and from, resolved, reopened (by hand, or by a reply: an `opened` event that
 * reopened), snoozed. Labels and priority changes stay out. Names for the page's rows only.
 */
const conversationEvents: TimelineSource = ({ contactId, older, n }) => {
  const us = usOf(sql`e.at`);
  const key = sql`'conversation-' || ${padded(sql`e.id`)}`;
  const assignee = (side: string) => sql`case when page.kind = 'assigned' then (page.details->>${side})::uuid end`;
  return sql`select case when page.kind = 'assigned' then 'conversation_assigned' else 'conversation_status' end,
                    page.at, page.us, page.key,
                    jsonb_build_object('event', page.kind, 'details', page.details, 'byId', page.actor_id, 'byName', b.name,
                                       'fromName', fu.name, 'toName', tu.name)
             from (select e.kind, e.at, e.details, e.actor_id, ${us} as us, ${key} as key
                   from conversation_events e
                   where e.contact_id = ${contactId}
                     and (e.kind in ('assigned', 'status') or (e.kind = 'opened' and e.details->>'reopened' = 'true')) ${older(us, key)}
                   order by 5 desc, 6 desc limit ${n}) page
             left join users b on b.id = page.actor_id
             left join users fu on fu.id = ${assignee('from')}
             left join users tu on tu.id = ${assignee('to')}`;
};

/**
 * The sources of the timeline, each one branch of the union (decision 102). A new source is one more function selecting (kind, at, us, key, data) with
 * its own index, a kind in contracts contact-timeline.ts and a case in the presenter.
 */
const SOURCES: Record<string, TimelineSource> = {
  created,
  campaignMessages,
  directMessages,
  replies,
  optOut,
  optIn,
  consents,
  notes,
  conversationEvents,
};

/**
 * A page of a contact's timeline, newest first: each source takes its newest `limit + 1` items
 * older than the cursor through its own index, and the union keeps the newest `limit + 1` of
 * those (the extra one says whether there is a next page). `without` leaves sources out (notes,
 * for a role that may not read them).
 */
export async function timelinePage(
  db: Executor,
  contactId: string,
  options: { limit: number; cursor: TimelineCursor | null; without?: readonly string[] },
): Promise<TimelineRow[]> {
  const { cursor } = options;
  const context: SourceContext = {
    contactId,
    n: options.limit + 1,
    older: (us, key) => (cursor ? sql`and (${us}, ${key}) < (${cursor.us}::bigint, ${cursor.key}::text)` : sql``),
  };
  const branches = Object.entries(SOURCES)
    .filter(([name]) => !options.without?.includes(name))
    .map(([, source]) => sql`(${source(context)})`);
  return queryRows<TimelineRow>(
    db,
    sql`select kind, at, us, key, data from (${sql.join(branches, sql` union all `)}) items
        order by us desc, key desc limit ${context.n}`,
  );
}

/** Whether a contact exists and is not in the trash. */
export async function timelineContactExists(db: Executor, contactId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from contacts where id = ${contactId} and deleted_at is null`);
  return rows.length > 0;
}
