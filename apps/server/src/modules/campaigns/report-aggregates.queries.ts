import type { MessageStatus } from '@sms/contracts/messages';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * The reports' aggregates (migration 0033, decision 089), kept like the campaign counters
 * (decision 018): statement-level triggers on messages append each statement's net change to
 * report_tag1_deltas, report_error_deltas and report_timeline_deltas; `rollUpReportAggregates` folds
 * them into campaign_tag1_counts, campaign_error_counts and campaign_timeline_seconds/minutes. A reader adds the campaign's pending
 * deltas to the folded rows, so what it reads equals a scan of the message rows at its snapshot.
 */

const toDate = (value: string | Date): Date => new Date(value);

/** One cell of the tag1 breakdown: messages of a tag1 value in one status, replied or not, with one reply word, opted out in answer or not. */
export interface Tag1Cell {
  /** The contact's tag1 when the message was created ('' for none). */
  tag1: string;
  status: MessageStatus;
  replied: boolean;
  /** The reply word of replied messages (null: none). */
  word: string | null;
  /** Its recipients opted out in answer to the campaign (messages.opted_out_at: reply-figures.ts). */
  optedOut: boolean;
  n: number;
}

/** The campaign's cells with a count (folded rows plus pending deltas). */
export async function readTag1Cells(db: Executor, campaignId: string): Promise<Tag1Cell[]> {
  const rows = await queryRows<{
    tag1: string;
    status: MessageStatus;
    replied: boolean;
    word: string;
    opted_out: boolean;
    n: string | number;
  }>(
    db,
    sql`select tag1, status, replied, word, opted_out, sum(n)::bigint as n from (
          select tag1, status, replied, word, opted_out, n from campaign_tag1_counts where campaign_id = ${campaignId}
          union all
          select tag1, status, replied, word, opted_out, n from report_tag1_deltas where campaign_id = ${campaignId}
        ) parts group by tag1, status, replied, word, opted_out having sum(n) <> 0`,
  );
  return rows.map((row) => ({
    tag1: row.tag1,
    status: row.status,
    replied: row.replied,
    word: row.word === '' ? null : row.word,
    optedOut: row.opted_out,
    n: Number(row.n),
  }));
}

export interface TimelineRow {
  at: Date;
  sent: number;
  delivered: number;
  failed: number;
}

/**
 * Sent, delivered and failed per UTC second or minute (each counted at its own time), oldest
 * first, buckets with something only: the folded rows of that unit plus the pending deltas.
 */
export async function readTimeline(db: Executor, campaignId: string, unit: 'second' | 'minute'): Promise<TimelineRow[]> {
  const table = unit === 'second' ? sql`campaign_timeline_seconds` : sql`campaign_timeline_minutes`;
  const deltaAt = unit === 'second' ? sql`at` : sql`date_trunc('minute', at at time zone 'UTC') at time zone 'UTC'`;
  const rows = await queryRows<{ at: string | Date; sent: string | number; delivered: string | number; failed: string | number }>(
    db,
    sql`select at, sum(sent)::bigint as sent, sum(delivered)::bigint as delivered, sum(failed)::bigint as failed from (
          select at, sent, delivered, failed from ${table} where campaign_id = ${campaignId}
          union all
          select ${deltaAt}, sent, delivered, failed from report_timeline_deltas where campaign_id = ${campaignId}
        ) parts group by at having sum(sent) <> 0 or sum(delivered) <> 0 or sum(failed) <> 0 order by at`,
  );
  return rows.map((row) => ({ at: toDate(row.at), sent: Number(row.sent), delivered: Number(row.delivered), failed: Number(row.failed) }));
}

/** The latest minute in which a message of the campaign was sent (null: none sent). */
export async function lastSentMinute(db: Executor, campaignId: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select at from (
          select at, sent from campaign_timeline_minutes where campaign_id = ${campaignId}
          union all
          select date_trunc('minute', at at time zone 'UTC') at time zone 'UTC', sent from report_timeline_deltas where campaign_id = ${campaignId}
        ) parts group by at having sum(sent) > 0 order by at desc limit 1`,
  );
  return row?.at ? toDate(row.at) : null;
}

/**
 * The campaign's error codes, most frequent first, each with the greatest of its error texts (as
 * max(error_text) over its messages): folded rows plus pending deltas.
 */
export async function readErrorCounts(
  db: Executor,
  campaignId: string,
  limit = 50,
): Promise<Array<{ errorCode: string; errorText: string | null; n: number }>> {
  const rows = await queryRows<{ error_code: string; error_text: string | null; n: number }>(
    db,
    sql`select error_code, max(nullif(error_text, '')) as error_text, sum(n)::int as n from (
          select error_code, error_text, sum(n) as n from (
            select error_code, error_text, n from campaign_error_counts where campaign_id = ${campaignId}
            union all
            select error_code, error_text, n from report_error_deltas where campaign_id = ${campaignId}
          ) parts group by error_code, error_text having sum(n) <> 0
        ) texts group by error_code order by n desc, error_code limit ${limit}`,
  );
  return rows.map((row) => ({ errorCode: row.error_code, errorText: row.error_text, n: Number(row.n) }));
}

// Any fixed numbers; only one roll-up of each runs at a time across all processes.
const TAG1_ROLLUP_LOCK_KEY = 7_310_033;
const TIMELINE_ROLLUP_LOCK_KEY = 7_310_034;
const ERRORS_ROLLUP_LOCK_KEY = 7_310_035;

/**
 * Folds up to `limit` pending deltas of each kind into the aggregates, one statement each (delete +
 * upsert: readers never see a delta twice or not at all). Skipped when another process is at it.
 * Answers how many delta rows were folded.
 */
export async function rollUpReportAggregates(db: Executor, limit = 50_000): Promise<number> {
  const [tag1] = await queryRows<{ folded: number }>(
    db,
    sql`with lock as (select pg_try_advisory_xact_lock(${TAG1_ROLLUP_LOCK_KEY}) as got),
        moved as (
          delete from report_tag1_deltas where id in (
            select id from report_tag1_deltas where (select got from lock) order by id limit ${limit})
          returning campaign_id, tag1, status, replied, word, opted_out, n),
        folded as (
          insert into campaign_tag1_counts (campaign_id, tag1, status, replied, word, opted_out, n)
          select campaign_id, tag1, status, replied, word, opted_out, sum(n) from moved
          group by campaign_id, tag1, status, replied, word, opted_out
          on conflict (campaign_id, tag1, status, replied, word, opted_out) do update set n = campaign_tag1_counts.n + excluded.n
          returning 1)
        select (select count(*) from moved)::int as folded`,
  );
  const [timeline] = await queryRows<{ folded: number }>(
    db,
    sql`with lock as (select pg_try_advisory_xact_lock(${TIMELINE_ROLLUP_LOCK_KEY}) as got),
        moved as (
          delete from report_timeline_deltas where id in (
            select id from report_timeline_deltas where (select got from lock) order by id limit ${limit})
          returning campaign_id, at, sent, delivered, failed),
        seconds as (
          insert into campaign_timeline_seconds (campaign_id, at, sent, delivered, failed)
          select campaign_id, at, sum(sent), sum(delivered), sum(failed) from moved group by campaign_id, at
          on conflict (campaign_id, at) do update set sent = campaign_timeline_seconds.sent + excluded.sent,
            delivered = campaign_timeline_seconds.delivered + excluded.delivered, failed = campaign_timeline_seconds.failed + excluded.failed
          returning 1),
        minutes as (
          insert into campaign_timeline_minutes (campaign_id, at, sent, delivered, failed)
          select campaign_id, date_trunc('minute', at at time zone 'UTC') at time zone 'UTC', sum(sent), sum(delivered), sum(failed)
          from moved group by 1, 2
          on conflict (campaign_id, at) do update set sent = campaign_timeline_minutes.sent + excluded.sent,
            delivered = campaign_timeline_minutes.delivered + excluded.delivered, failed = campaign_timeline_minutes.failed + excluded.failed
          returning 1)
        select (select count(*) from moved)::int as folded`,
  );
  const [errors] = await queryRows<{ folded: number }>(
    db,
    sql`with lock as (select pg_try_advisory_xact_lock(${ERRORS_ROLLUP_LOCK_KEY}) as got),
        moved as (
          delete from report_error_deltas where id in (
            select id from report_error_deltas where (select got from lock) order by id limit ${limit})
          returning campaign_id, error_code, error_text, n),
        folded as (
          insert into campaign_error_counts (campaign_id, error_code, error_text, n)
          select campaign_id, error_code, error_text, sum(n) from moved group by campaign_id, error_code, error_text
          on conflict (campaign_id, error_code, error_text) do update set n = campaign_error_counts.n + excluded.n
          returning 1)
        select (select count(*) from moved)::int as folded`,
  );
  return (tag1?.folded ?? 0) + (timeline?.folded ?? 0) + (errors?.folded ?? 0);
}
