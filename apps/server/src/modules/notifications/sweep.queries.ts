import { ROLES } from '@sms/contracts/roles';
import { roleReceives, type NotificationKind } from '@sms/contracts/notifications';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** Events found by a sweep, one row each: what the fan-out turns into one notification per recipient. */
type EventSelect = SQL;

/** The sweep's progress, locked for the transaction so that two workers take turns. */
export async function lockSweep(db: Executor): Promise<{ lastInboundId: number; sweptAt: string; now: string }> {
  // Lock the one row (the migration inserted it); `now` is the database's clock for this sweep.
  const [row] = await queryRows<{ lastInboundId: string | number; sweptAt: string; now: string }>(
    db,
    sql`select last_inbound_id as "lastInboundId", swept_at::text as "sweptAt", now()::text as now
        from notification_sweep where id = 1 for update`,
  );
  if (!row) throw new Error('notification_sweep has no row (migration 0025)');
  return { lastInboundId: Number(row.lastInboundId), sweptAt: row.sweptAt, now: row.now };
}

/** Records the sweep's progress. */
export async function saveSweep(db: Executor, lastInboundId: number, sweptAt: string): Promise<void> {
  await db.execute(sql`update notification_sweep set last_inbound_id = ${lastInboundId}, swept_at = ${sweptAt}::timestamptz where id = 1`);
}

/** Imports that finished (completed or failed) after `since`. */
export const finishedImports = (since: string): EventSelect =>
  sql`select case status when 'completed' then 'import_completed' else 'import_failed' end as kind,
             'import:' || id as event_key, id::text as subject_id,
             jsonb_build_object('fileName', file_name, 'created', created, 'updated', updated, 'rejected', rejected, 'error', error_message) as params,
             null::jsonb as reason, 1 as count
      from imports where status in ('completed', 'failed') and finished_at > ${since}::timestamptz - interval '5 minutes'`;

/** Completed campaigns that also meet `where` (a condition on campaigns). */
const campaignsCompleted = (where: SQL): EventSelect =>
  sql`select 'campaign_completed' as kind, 'campaign-completed:' || id as event_key, id::text as subject_id,
             jsonb_build_object('name', name) as params, null::jsonb as reason, 1 as count
      from campaigns where status = 'completed' and ${where}`;

/** Campaigns completed after `since`. */
export const completedCampaigns = (since: string): EventSelect =>
  campaignsCompleted(sql`completed_at > ${since}::timestamptz - interval '5 minutes'`);

/** These campaigns, if completed (the engine's `campaign.status_changed`: the same keys as the sweep's). */
export const completedCampaignsAmong = (ids: string[]): EventSelect => campaignsCompleted(sql`id = any(${sql.param(ids)}::uuid[])`);

/**
 * Campaigns that paused themselves (the engine stamps a reason; a pause by hand clears it) after
 * `since`; the key holds the time of the pause, so pausing again later notifies again.
 */
export const selfPausedCampaigns = (since: string): EventSelect =>
  campaignsPausedByThemselves(sql`updated_at > ${since}::timestamptz - interval '5 minutes'`);

/** These campaigns, if they paused themselves (the engine's `campaign.status_changed`: the same keys as the sweep's). */
export const selfPausedCampaignsAmong = (ids: string[]): EventSelect =>
  campaignsPausedByThemselves(sql`id = any(${sql.param(ids)}::uuid[])`);

/** Campaigns paused by the engine (with a reason) that also meet `where`. */
function campaignsPausedByThemselves(where: SQL): EventSelect {
  return sql`select 'campaign_paused' as kind,
             'campaign-paused:' || id || ':' || (extract(epoch from updated_at) * 1000)::bigint as event_key, id::text as subject_id,
             jsonb_build_object('name', name) as params, status_reason as reason, 1 as count
      from campaigns where status = 'paused' and status_reason is not null and ${where}`;
}

/**
 * Gateways none of whose live links (reported in the last two minutes) has been connected for
 * more than a minute. The key holds when the first link was lost: one notification per outage.
 */
export const disconnectedGateways = (): EventSelect =>
  sql`select 'gateway_disconnected' as kind,
             'gateway-down:' || g.id || ':' || (extract(epoch from down.since) * 1000)::bigint as event_key, g.id::text as subject_id,
             jsonb_build_object('name', g.name, 'reason', down.reason) as params, null::jsonb as reason, 1 as count
      from (select gateway_id, min(since) as since, max(reason) as reason
            from gateway_links where seen_at > now() - interval '2 minutes'
            group by gateway_id
            having bool_and(state <> 'connected') and min(since) < now() - interval '1 minute') down
      join gateways g on g.id = down.gateway_id
      where g.deleted_at is null and g.enabled`;

/**
 * The highest inbound id up to which every message is settled (processed, and matched to the
 * message it answers): replies above it may still gain their campaign. A message stuck for five
 * minutes no longer holds the others back.
 */
export async function settledInboundId(db: Executor, after: number): Promise<number> {
  const [row] = await queryRows<{ blocker: string | null; top: string | null }>(
    db,
    sql`select (select min(id) from inbound_messages
                where id > ${after} and (processed_at is null or reply_pending) and created_at > now() - interval '5 minutes') as blocker,
               (select max(id) from inbound_messages) as top`,
  );
  if (row?.blocker) return Number(row.blocker) - 1;
  return row?.top ? Math.max(after, Number(row.top)) : after;
}

/**
 * People who replied to a campaign for the first time with inbound ids in (after, upTo], one event
 * per campaign with their count. A person is a recipient (one campaign message), as in the
 * campaign's "replied" figure (contracts reply-figures.ts): a second reply from someone already
 * counted adds nothing, so the bell's counts add up to that figure. Earlier replies of the same
 * person are found through their contact (matched replies always have one; indexed).
 */
export const repliesBetween = (after: number, upTo: number): EventSelect =>
  sql`select 'replies' as kind, 'replies:' || c.id as event_key, c.id::text as subject_id,
             jsonb_build_object('name', c.name) as params, null::jsonb as reason, count(distinct i.reply_to_message_id)::int as count
      from inbound_messages i
      join messages m on m.id = i.reply_to_message_id
      join campaigns c on c.id = m.campaign_id
      where i.id > ${after} and i.id <= ${upTo}
        and not exists (select 1 from inbound_messages earlier
                        where earlier.contact_id = i.contact_id and earlier.id <= ${after}
                          and earlier.reply_to_message_id = i.reply_to_message_id)
      group by c.id, c.name`;

/** The roles that may receive a kind, as an SQL list. */
const rolesFor = (kind: NotificationKind): SQL =>
  sql.join(
    ROLES.filter((role) => roleReceives(role, kind)).map((role) => sql`${role}`),
    sql`, `,
  );

/**
 * Fans events of one kind out to the active users whose role may read what they are about and
 * record whether they want them in the app and by e-mail (when `emailAvailable`), set-based: a
 * row is written even when they want neither, so that a later change of mind does not bring back
 * what the overlapping windows of later sweeps see again. A key seen before
 * changes nothing, except a replies batch: it counts on (people who replied) while unread and
 * reopens, counting again, once read. Answers how many rows were written.
 */
export async function fanOut(db: Executor, kind: NotificationKind, events: EventSelect, emailAvailable: boolean): Promise<number> {
  const batch = kind === 'replies';
  const onConflict = batch
    ? sql`on conflict (user_id, event_key) do update set
            count = case when notifications.read_at is null then notifications.count + excluded.count else excluded.count end,
            created_at = case when notifications.read_at is null then notifications.created_at else now() end,
            email_state = case when notifications.read_at is null then notifications.email_state else excluded.email_state end,
            params = excluded.params, in_app = excluded.in_app, updated_at = now(), read_at = null`
    : sql`on conflict (user_id, event_key) do nothing`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with events as (${events}),
        recipients as (
          select u.id as user_id,
                 coalesce((p.kinds -> ${kind} ->> 'inApp')::boolean, true) as in_app,
                 coalesce((p.kinds -> ${kind} ->> 'email')::boolean, false) and ${emailAvailable}::boolean as email
          from users u left join notification_preferences p on p.user_id = u.id
          where u.status = 'active' and u.deleted_at is null and u.role in (${rolesFor(kind)}))
        insert into notifications (user_id, kind, event_key, subject_id, params, reason, count, in_app, email_state)
        select r.user_id, e.kind, e.event_key, e.subject_id, e.params, e.reason, e.count, r.in_app, case when r.email then 'pending' end
        from events e cross join recipients r
        where e.kind = ${kind}
        ${onConflict}
        returning id`,
  );
  return rows.length;
}

/** Deletes notifications older than `days` (read or not): the bell is for what happened lately. */
export async function pruneNotifications(db: Executor, days: number): Promise<void> {
  await db.execute(sql`delete from notifications where updated_at < now() - make_interval(days => ${days})`);
}
