import type { TicketPriority, TicketStatus, TicketView, UserAvailability } from '@sms/contracts/tickets';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

const toIso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Serialises automatic assignments across processes (round-robin must not hand two agents the same turn). */
const ROUND_ROBIN_LOCK_KEY = 7_310_037;

/** The status a conversation reads now: no row is open, a snooze whose time has passed (database clock) is open. */
export const EFFECTIVE_STATUS = sql`(case when cs.status is null then 'open' when cs.status = 'snoozed' and cs.snoozed_until <= now() then 'open' else cs.status end)`;

/**
 * A conversation a user holds open now (`cs` its state, `c` its contact): assigned to them, not
 * resolved by the effective status (a snooze whose time has passed counts, a snoozed one too), of
 * a contact not in the trash. The one definition of the tickets' "Mine" view and of the team
 * page's count (`openAssignedCountSql`). `userId` is an SQL expression.
 */
const heldOpenBy = (userId: SQL) => sql`cs.assignee_id = ${userId} and c.deleted_at is null and ${EFFECTIVE_STATUS} <> 'resolved'`;

/** How many conversations a user holds open now (`heldOpenBy`); `userId` may be a column of the caller's query. */
export const openAssignedCountSql = (userId: SQL) =>
  sql`(select count(*)::int from inbox_conversations conv join contacts c on c.id = conv.contact_id
        join conversation_states cs on cs.contact_id = conv.contact_id where ${heldOpenBy(userId)})`;

export interface TicketStateRow {
  contactId: string;
  status: TicketStatus;
  snoozedUntil: string | null;
  assignee: { id: string; name: string } | null;
  labels: string[];
  priority: TicketPriority;
  openedAt: string | null;
  resolvedAt: string | null;
}

export interface TicketListRow extends TicketStateRow {
  firstName: string | null;
  lastName: string | null;
  phone: string;
  lastActivityAt: string;
}

interface RawState {
  contact_id: string;
  status: TicketStatus;
  snoozed_until: string | Date | null;
  assignee_id: string | null;
  assignee_name: string | null;
  labels: string[] | null;
  priority: TicketPriority | null;
  opened_at: string | Date | null;
  resolved_at: string | Date | null;
}

const stateOf = (row: RawState): TicketStateRow => ({
  contactId: row.contact_id,
  status: row.status,
  snoozedUntil: row.status === 'snoozed' ? toIso(row.snoozed_until) : null,
  assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
  labels: row.labels ?? [],
  priority: row.priority ?? 'normal',
  openedAt: toIso(row.opened_at),
  resolvedAt: toIso(row.resolved_at),
});

/** The state columns of a conversation (`conv` inbox_conversations, `cs` conversation_states, `au` its assignee). */
const STATE_COLUMNS = sql`conv.contact_id, ${EFFECTIVE_STATUS} as status, cs.snoozed_until, cs.assignee_id, au.name as assignee_name,
  cs.labels, cs.priority, cs.opened_at, cs.resolved_at`;

export interface TicketFilter {
  view: TicketView;
  userId: string;
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  label?: string | undefined;
  campaignId?: string | undefined;
}

function ticketWhere(filter: TicketFilter): SQL {
  const parts: SQL[] = [
    filter.view === 'mine'
      ? heldOpenBy(sql`${filter.userId}`)
      : filter.view === 'resolved'
        ? sql`${EFFECTIVE_STATUS} = 'resolved'`
        : sql`${EFFECTIVE_STATUS} <> 'resolved'`,
  ];
  if (filter.view === 'unassigned') parts.push(sql`cs.assignee_id is null`);
  if (filter.status) parts.push(sql`${EFFECTIVE_STATUS} = ${filter.status}`);
  if (filter.priority) parts.push(sql`coalesce(cs.priority, 'normal') = ${filter.priority}`);
  if (filter.label) parts.push(sql`cs.labels @> array[${filter.label}]::text[]`);
  if (filter.campaignId)
    parts.push(
      sql`exists (select 1 from messages m where m.campaign_id = ${filter.campaignId} and m.contact_id = conv.contact_id and m.replied_at is not null)`,
    );
  return sql.join(parts, sql` and `);
}

/** A page of conversations as tickets (inbox_conversations with their state), newest activity first. */
export async function listTickets(
  db: Executor,
  filter: TicketFilter & { limit: number; skip: number },
): Promise<{ rows: TicketListRow[]; total: number }> {
  const rows = await queryRows<
    RawState & { first_name: string | null; last_name: string | null; phone: string; last_at: string | Date; total: number }
  >(
    db,
    sql`select ${STATE_COLUMNS}, c.first_name, c.last_name, c.phone, conv.last_activity_at as last_at, (count(*) over ())::int as total
        from inbox_conversations conv join contacts c on c.id = conv.contact_id
        left join conversation_states cs on cs.contact_id = conv.contact_id left join users au on au.id = cs.assignee_id
        where c.deleted_at is null and ${ticketWhere(filter)}
        order by conv.last_activity_at desc, conv.contact_id desc limit ${filter.limit} offset ${filter.skip}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.skip > 0) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from inbox_conversations conv join contacts c on c.id = conv.contact_id
          left join conversation_states cs on cs.contact_id = conv.contact_id where c.deleted_at is null and ${ticketWhere(filter)}`,
    );
    total = row?.n ?? 0;
  }
  return {
    total,
    rows: rows.map((row) => ({
      ...stateOf(row),
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      lastActivityAt: new Date(row.last_at).toISOString(),
    })),
  };
}

/** One conversation's state (defaults when nothing changed it yet), or undefined when the contact has no conversation. */
export async function findTicket(db: Executor, contactId: string): Promise<TicketStateRow | undefined> {
  const [row] = await queryRows<RawState>(
    db,
    sql`select ${STATE_COLUMNS} from inbox_conversations conv join contacts c on c.id = conv.contact_id
        left join conversation_states cs on cs.contact_id = conv.contact_id left join users au on au.id = cs.assignee_id
        where conv.contact_id = ${contactId} and c.deleted_at is null`,
  );
  return row ? stateOf(row) : undefined;
}

/** Creates a conversation's state row with the defaults if it has none, then locks it for the change. */
export async function lockTicketState(
  db: Executor,
  contactId: string,
): Promise<{ status: TicketStatus; assigneeId: string | null; labels: string[]; priority: TicketPriority }> {
  await db.execute(sql`insert into conversation_states (contact_id) values (${contactId}) on conflict (contact_id) do nothing`);
  const [row] = await queryRows<{ status: TicketStatus; assignee_id: string | null; labels: string[]; priority: TicketPriority }>(
    db,
    sql`select ${EFFECTIVE_STATUS} as status, cs.assignee_id, cs.labels, cs.priority from conversation_states cs where cs.contact_id = ${contactId} for update`,
  );
  if (!row) throw new Error('conversation state vanished');
  return { status: row.status, assigneeId: row.assignee_id, labels: row.labels, priority: row.priority };
}

/** Writes a conversation's changed fields (a status change also sets or clears the snooze and the resolution time). */
export async function writeTicketState(
  db: Executor,
  contactId: string,
  change: { status?: TicketStatus; snoozedUntil?: string; assigneeId?: string | null; labels?: string[]; priority?: TicketPriority },
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.status !== undefined) {
    sets.push(sql`status = ${change.status}`, sql`snoozed_until = ${change.status === 'snoozed' ? (change.snoozedUntil ?? null) : null}`);
    if (change.status === 'resolved') sets.push(sql`resolved_at = now()`);
    else sets.push(sql`resolved_at = null`);
  }
  if (change.assigneeId !== undefined) sets.push(sql`assignee_id = ${change.assigneeId}`);
  if (change.labels !== undefined) sets.push(sql`labels = ${sql.param(change.labels)}::text[]`);
  if (change.priority !== undefined) sets.push(sql`priority = ${change.priority}`);
  await db.execute(sql`update conversation_states set ${sql.join(sets, sql`, `)} where contact_id = ${contactId}`);
}

/** Appends one entry to a conversation's history. */
export async function insertConversationEvent(
  db: Executor,
  event: { contactId: string; kind: string; actorId: string | null; details: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`insert into conversation_events (contact_id, kind, actor_id, details)
    values (${event.contactId}, ${event.kind}, ${event.actorId}, ${JSON.stringify(event.details)}::jsonb)`);
}

/** Whether a database time is in the future (the database's clock decides, not this process's). */
export async function isFuture(db: Executor, at: string): Promise<boolean> {
  const [row] = await queryRows<{ future: boolean }>(db, sql`select ${at}::timestamptz > now() as future`);
  return row?.future === true;
}

/** Active staff whose role may answer in the inbox: who may be assigned. */
export async function listAgents(
  db: Executor,
  roles: readonly string[],
): Promise<Array<{ id: string; name: string; availability: UserAvailability }>> {
  return queryRows<{ id: string; name: string; availability: UserAvailability }>(
    db,
    sql`select id, name, availability from users where deleted_at is null and status = 'active' and role = any(${sql.param([...roles])}::text[])
        order by lower(name), id`,
  );
}

/** The users among `ids` that are active staff whose role may answer in the inbox, with their names. */
export async function assignableUsers(db: Executor, ids: string[], roles: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from users where id = any(${sql.param(ids)}::uuid[]) and deleted_at is null and status = 'active'
          and role = any(${sql.param([...roles])}::text[])`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of these users (whatever their state now). */
export async function userNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(db, sql`select id, name from users where id = any(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether a user is active staff whose role may answer in the inbox. */
export async function isAssignable(db: Executor, userId: string, roles: readonly string[]): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select true as ok from users where id = ${userId} and deleted_at is null and status = 'active' and role = any(${sql.param([...roles])}::text[])`,
  );
  return row?.ok === true;
}

/** Sets a user's own availability. */
export async function setAvailability(db: Executor, userId: string, availability: UserAvailability): Promise<void> {
  await db.execute(sql`update users set availability = ${availability}, updated_at = now() where id = ${userId}`);
}

/** A user's availability. */
export async function getAvailability(db: Executor, userId: string): Promise<UserAvailability> {
  const [row] = await queryRows<{ availability: UserAvailability }>(db, sql`select availability from users where id = ${userId}`);
  return row?.availability ?? 'available';
}

/**
 * A batch's inbound messages reach their conversations: a conversation without a state row
 * opens, a resolved one reopens (a new round: opened_at now), a snoozed or pending one becomes
 * open again. Answers the conversations that opened or reopened (round-robin candidates).
 */
export async function openConversationsOnInbound(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await queryRows<{ contact_id: string; change: 'opened' | 'reopened' | 'woken'; was: string | null }>(
    db,
    sql`with senders as (
          select distinct contact_id from inbound_messages where id = any(${sql.param(ids)}::bigint[]) and contact_id is not null
        ), created as (
          insert into conversation_states (contact_id) select contact_id from senders on conflict (contact_id) do nothing returning contact_id
        ), before as (
          select cs.contact_id, cs.status from conversation_states cs join senders s on s.contact_id = cs.contact_id
          where cs.status in ('resolved', 'snoozed', 'pending') for update of cs
        ), changed as (
          update conversation_states cs set status = 'open', snoozed_until = null, updated_at = now(),
            opened_at = case when b.status = 'resolved' then now() else cs.opened_at end,
            resolved_at = case when b.status = 'resolved' then null else cs.resolved_at end
          from before b where cs.contact_id = b.contact_id returning cs.contact_id, b.status as was
        ), all_changes as (
          select contact_id, 'opened' as change, null::text as was from created
          union all select contact_id, case when was = 'resolved' then 'reopened' else 'woken' end, was from changed
        ), logged as (
          insert into conversation_events (contact_id, kind, actor_id, details)
          select contact_id, case when change = 'woken' then 'status' else 'opened' end, null,
                 case when change = 'woken' then jsonb_build_object('from', was, 'to', 'open', 'reason', 'inbound')
                      else jsonb_build_object('reopened', change = 'reopened') end
          from all_changes
        )
        select contact_id, change, was from all_changes`,
  );
  return rows.filter((row) => row.change !== 'woken').map((row) => row.contact_id);
}

/**
 * Round-robin: hands each unassigned conversation of `contactIds` to the next available agent,
 * the one whose last automatic assignment is oldest (never assigned first), under an advisory lock
 * so concurrent batches (other workers) take turns. Set-based: one statement for the batch.
 */
export async function assignRoundRobin(
  db: Executor,
  contactIds: string[],
  roles: readonly string[],
  /** Added to each history entry's details (a keyword rule names itself: decision 104). */
  cause: Record<string, unknown> = {},
): Promise<Array<{ contactId: string; userId: string }>> {
  if (contactIds.length === 0) return [];
  await db.execute(sql`select pg_advisory_xact_lock(${ROUND_ROBIN_LOCK_KEY})`);
  const rows = await queryRows<{ contact_id: string; user_id: string }>(
    db,
    sql`with agents as (
          select u.id, (row_number() over (order by t.last_assigned_at asc nulls first, u.created_at, u.id) - 1)::int as k, (count(*) over ())::int as n
          from users u left join conversation_assignment_turns t on t.user_id = u.id
          where u.deleted_at is null and u.status = 'active' and u.availability = 'available' and u.role = any(${sql.param([...roles])}::text[])
        ), todo as (
          select cs.contact_id, (row_number() over (order by cs.contact_id) - 1)::int as j from conversation_states cs
          where cs.contact_id = any(${sql.param(contactIds)}::uuid[]) and cs.assignee_id is null
        ), pick as (
          select todo.contact_id, todo.j, agents.id as user_id from todo join agents on agents.k = todo.j % agents.n
        ), assigned as (
          update conversation_states cs set assignee_id = pick.user_id, updated_at = now() from pick where cs.contact_id = pick.contact_id
          returning cs.contact_id, pick.user_id, pick.j
        ), turns as (
          -- Later picks of the batch count as later turns (a microsecond apart), so the order carries over.
          insert into conversation_assignment_turns (user_id, last_assigned_at)
          select user_id, now() + max(j) * interval '1 microsecond' from assigned group by user_id
          on conflict (user_id) do update set last_assigned_at = excluded.last_assigned_at
        ), logged as (
          insert into conversation_events (contact_id, kind, actor_id, details)
          select contact_id, 'assigned', null, jsonb_build_object('from', null, 'to', user_id, 'auto', true) || ${JSON.stringify(cause)}::jsonb from assigned
        )
        select contact_id, user_id from assigned`,
  );
  return rows.map((row) => ({ contactId: row.contact_id, userId: row.user_id }));
}

export interface DurationFigure {
  count: number;
  medianSeconds: number | null;
}
export interface ReportFigureRow {
  dimension: 'all' | 'agent' | 'label';
  key: string | null;
  name: string | null;
  metric: 'first_response' | 'resolution';
  count: number;
  median: number | null;
}

/**
 * Response and resolution times of the rounds opened in the last `days` days (database clock).
 * A round starts at an `opened` event and ends at the next; its first response is the first
 * inbox reply a staff member sent in it, its resolution the first time it was set resolved.
 * Medians in seconds; by agent (the one who answered; the assignee when it was resolved) and by
 * the conversation's labels now.
 */
export async function ticketReportFigures(db: Executor, days: number): Promise<ReportFigureRow[]> {
  return queryRows<ReportFigureRow>(
    db,
    sql`with rounds as (
          select e.contact_id, e.at as start, lead(e.at) over (partition by e.contact_id order by e.at, e.id) as next_start
          from conversation_events e where e.kind = 'opened'
            and e.contact_id in (select contact_id from conversation_events where kind = 'opened' and at >= now() - ${days} * interval '1 day')
        ), recent as (
          select * from rounds where start >= now() - ${days} * interval '1 day'
        ), firsts as (
          select r.contact_id, fr.created_by as who, extract(epoch from fr.queued_at - r.start)::float8 as secs
          from recent r cross join lateral (
            select m.created_by, m.queued_at from messages m
            where m.campaign_id is null and m.contact_id = r.contact_id and m.kind = 'reply' and m.created_by is not null
              and m.queued_at >= r.start and (r.next_start is null or m.queued_at < r.next_start)
            order by m.queued_at, m.id limit 1) fr
        ), resolutions as (
          select r.contact_id, rs.who, extract(epoch from rs.at - r.start)::float8 as secs
          from recent r cross join lateral (
            select e.at, (e.details->>'assigneeId')::uuid as who from conversation_events e
            where e.contact_id = r.contact_id and e.kind = 'status' and e.details->>'to' = 'resolved'
              and e.at >= r.start and (r.next_start is null or e.at < r.next_start)
            order by e.at, e.id limit 1) rs
        ), facts as (
          select 'first_response' as metric, contact_id, who, secs from firsts
          union all select 'resolution', contact_id, who, secs from resolutions
        ), grouped as (
          select 'all' as dimension, null::text as key, metric, count(*)::int as count,
                 percentile_cont(0.5) within group (order by secs) as median from facts group by metric
          union all
          select 'agent', who::text, metric, count(*)::int, percentile_cont(0.5) within group (order by secs) from facts group by who, metric
          union all
          select 'label', l.label, f.metric, count(*)::int, percentile_cont(0.5) within group (order by f.secs)
          from facts f join conversation_states cs on cs.contact_id = f.contact_id cross join lateral unnest(cs.labels) as l(label)
          group by l.label, f.metric
        )
        select g.dimension, g.key, u.name, g.metric, g.count, g.median
        from grouped g left join users u on g.dimension = 'agent' and u.id::text = g.key
        order by g.dimension, g.key nulls last, g.metric`,
  );
}
