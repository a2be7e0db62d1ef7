import type { FollowerFilter, FollowerStatus } from '@sms/contracts/followers';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** One follower row: a confirmed public-site subscription to one topic (see followerRows). */
export interface FollowerRow {
  consent_id: string;
  ord: number;
  contact_id: string;
  phone: string;
  first_name: string | null;
  last_name: string | null;
  topic: string | null;
  status: FollowerStatus;
  subscribed_at: Date | string;
  unsubscribed_at: Date | string | null;
  source: string;
  consent_text: string | null;
  ip: string | null;
  user_agent: string | null;
  /** subscribed_at as PostgreSQL's text, microseconds kept (the export's cursor). */
  cursor_at: string;
}

/** Where a list or an export goes on from: the last row's position in list order. */
export interface FollowerCursor {
  at: string;
  consentId: string;
  ord: number;
}

/**
 * The one definition of a follower, which the list, the totals, the growth chart and the export
 * all read (so their figures agree): each opt-in consent record from the public site (the code
 * typed on the page, or the opt-in keyword replied to it) times each of its topics, numbered
 * (`ord`; a subscription with no topic is one row with topic null). It ends at the first opt-out
 * after it: an opt-out consent record, the contact's opt-out (a STOP keyword, an administrator),
 * or the contact put in the trash. A later opt-in of the same contact before that end renews it:
 * the earlier row is left out, so a person counts once per run of subscription. Then `filter`:
 * topic (its title as the visitor saw it), status, and the subscription's day range in UTC.
 */
function followerRows(filter: FollowerFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.topic !== undefined) conditions.push(sql`f.topic = ${filter.topic}`);
  if (filter.status === 'subscribed') conditions.push(sql`f.unsubscribed_at is null`);
  if (filter.status === 'unsubscribed') conditions.push(sql`f.unsubscribed_at is not null`);
  if (filter.from !== undefined) conditions.push(sql`f.subscribed_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  if (filter.to !== undefined) conditions.push(sql`f.subscribed_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql`(
    with opt_ins as (
      select s.id, s.contact_id, s.at, s.source, s.consent_text, s.ip, s.user_agent, s.topics,
             least(
               (select min(o.at) from contact_consents o where o.contact_id = s.contact_id and o.action = 'opt_out' and o.at >= s.at),
               case when c.status = 'opted_out' and c.opted_out_at >= s.at then c.opted_out_at end,
               case when c.deleted_at >= s.at then c.deleted_at end
             ) as ended_at
      from contact_consents s join contacts c on c.id = s.contact_id
      where s.action = 'opt_in' and s.source in ('web_form', 'sms_reply')
    ),
    current_opt_ins as (
      select i.* from opt_ins i
      where not exists (
        select 1 from opt_ins later
        where later.contact_id = i.contact_id and (later.at, later.id) > (i.at, i.id)
          and (i.ended_at is null or later.at < i.ended_at)
      )
    )
    select f.* from (
      select i.id as consent_id, t.ord::int as ord, c.id as contact_id, c.phone, c.first_name, c.last_name, t.topic,
             case when i.ended_at is null then 'subscribed' else 'unsubscribed' end as status,
             i.at as subscribed_at, i.ended_at as unsubscribed_at,
             i.source, i.consent_text, i.ip, i.user_agent, i.at::text as cursor_at
      from current_opt_ins i
      join contacts c on c.id = i.contact_id
      cross join lateral jsonb_array_elements_text(case when jsonb_array_length(i.topics) = 0 then '[null]'::jsonb else i.topics end)
        with ordinality as t(topic, ord)
    ) f
    where ${sql.join(conditions, sql` and `)}
  )`;
}

const LIST_ORDER = sql`subscribed_at desc, consent_id desc, ord`;

/** A page of the filter's followers, newest subscription first, and how many there are. */
export async function listFollowers(
  db: Executor,
  filter: FollowerFilter,
  page: { limit: number; skip: number },
): Promise<{ rows: FollowerRow[]; total: number }> {
  const rows = await queryRows<FollowerRow>(
    db,
    sql`select * from ${followerRows(filter)} f order by ${LIST_ORDER} limit ${page.limit} offset ${page.skip}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${followerRows(filter)} f`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The next `limit` followers in list order after `after` (the export's keyset paging). */
export async function followersAfter(
  db: Executor,
  filter: FollowerFilter,
  after: FollowerCursor | null,
  limit: number,
): Promise<FollowerRow[]> {
  const position = after
    ? sql`where (f.subscribed_at < ${after.at}::timestamptz)
            or (f.subscribed_at = ${after.at}::timestamptz and f.consent_id < ${after.consentId}::uuid)
            or (f.subscribed_at = ${after.at}::timestamptz and f.consent_id = ${after.consentId}::uuid and f.ord > ${after.ord})`
    : sql``;
  return queryRows<FollowerRow>(db, sql`select * from ${followerRows(filter)} f ${position} order by ${LIST_ORDER} limit ${limit}`);
}

/** Per topic: the filter's subscriptions, those still subscribed and those ended. */
export async function followerTotalsByTopic(
  db: Executor,
  filter: FollowerFilter,
): Promise<Array<{ topic: string | null; subscriptions: number | string; subscribed: number | string; unsubscribed: number | string }>> {
  return queryRows(
    db,
    sql`select topic, count(*) as subscriptions,
               count(*) filter (where unsubscribed_at is null) as subscribed,
               count(*) filter (where unsubscribed_at is not null) as unsubscribed
        from ${followerRows(filter)} f group by topic order by topic nulls last`,
  );
}

/** Per day (UTC) and topic: the filter's subscriptions confirmed that day, and those of them that ended that day. */
export async function followerDays(
  db: Executor,
  filter: FollowerFilter,
): Promise<Array<{ day: string; topic: string | null; subscribes: number | string; unsubscribes: number | string }>> {
  return queryRows(
    db,
    sql`with rows as (select * from ${followerRows(filter)} f),
        events as (
          select to_char(subscribed_at at time zone 'UTC', 'YYYY-MM-DD') as day, topic, 1 as subscribes, 0 as unsubscribes from rows
          union all
          select to_char(unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD'), topic, 0, 1 from rows where unsubscribed_at is not null
        )
        select day, topic, sum(subscribes) as subscribes, sum(unsubscribes) as unsubscribes
        from events group by day, topic order by day, topic nulls last`,
  );
}
