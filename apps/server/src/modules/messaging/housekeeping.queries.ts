import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { transitionCampaigns } from '../campaigns/index.ts';

/**
 * Periodic, idempotent upkeep every worker runs (cheap when there is nothing to do, safe when
 * several workers run it at once).
 */

/**
 * Messages whose lease ran out (their worker died or hung) go back to the queue. Answers how many.
 * Whether the dead claim handed them over is unknown: it counts as a hand-over (handed_at), so a
 * reply to it still matches once the message is sent again, as of that first claim.
 */
export async function recoverExpiredLeases(db: Executor, options: { all?: boolean } = {}): Promise<number> {
  // `all`: every claim, expired or not (the embedded process starting: the claims are its dead self's).
  const expired = options.all ? sql`` : sql`and lease_until < now()`;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with recovered as (
          update messages m set lease_until = null, handed_at = least(m.handed_at, m.claimed_at),
            -- Back to the queue, unless the campaign was cancelled (or failed) meanwhile.
            status = coalesce((select case c.status when 'cancelled' then 'cancelled' when 'failed' then 'failed' end from campaigns c where c.id = m.campaign_id), 'queued')
          -- In lease order: a plain index scan, which marks the entries of rows no longer in flight
          -- as dead as it passes them (a bitmap scan does not), so later sweeps skip them.
          where m.id in (select id from messages where status = 'sending' ${expired} order by lease_until limit 10000 for update skip locked)
          returning 1)
        select count(*)::int as n from recovered`,
  );
  return rows[0]?.n ?? 0;
}

/** Queued messages past their campaign's validity are skipped. Answers how many. */
export async function expireValidity(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with expired as (
          update messages m set status = 'skipped', error_code = ${MESSAGE_ERROR_CODES.expired},
            error_text = 'Not sent within the validity period', failed_at = now(), next_attempt_at = null
          from campaigns c
          where m.campaign_id = c.id and m.status = 'queued' and c.validity_hours is not null and c.status in ('sending', 'paused')
            and greatest(c.launched_at, coalesce(c.scheduled_at, c.launched_at)) + make_interval(hours => c.validity_hours) < now()
          returning 1)
        select count(*)::int as n from expired`,
  );
  return rows[0]?.n ?? 0;
}

/** Scheduled campaigns whose time has come start sending (through the state machine). Answers their ids. */
export async function promoteDueCampaigns(db: Executor): Promise<string[]> {
  return transitionCampaigns(db, 'sending', { from: ['scheduled'], where: sql`c.scheduled_at <= now()` });
}

/**
 * A sending campaign whose recipients are all materialised and none of whose messages is queued or
 * in flight is completed (in one conditional statement, so it cannot race a retry being queued).
 */
export async function completeIfDone(db: Executor, campaignId: string): Promise<boolean> {
  const completed = await transitionCampaigns(db, 'completed', {
    from: ['sending'],
    where: sql`c.id = ${campaignId} and c.audience_ready_at is not null
      and not exists (select 1 from messages m where m.campaign_id = c.id and m.status = 'queued')
      and not exists (select 1 from messages m where m.campaign_id = c.id and m.status = 'sending')`,
  });
  return completed.length > 0;
}

/** Forgets old rate samples (the campaign page reads the last minute). */
export async function pruneDispatchBatches(db: Executor): Promise<void> {
  await db.execute(sql`delete from dispatch_batches where at < now() - interval '1 hour'`);
}

/** How long a message waits for its receipt when its campaign sets no validity (and one-offs): the carriers' usual validity. */
export const DEFAULT_RECEIPT_WAIT_HOURS = 48;
/** Added to the validity: the carrier's last attempt, and its receipt's way back, take a while. */
export const RECEIPT_GRACE_HOURS = 1;

/**
 * A message handed to the carrier ('sent') whose receipt has not come by the end of its validity
 * plus RECEIPT_GRACE_HOURS becomes 'unknown' (RECEIPT_TIMEOUT; decision 073): its campaign's
 * validity (counted as expireValidity counts it) but never ending before the message was sent;
 * DEFAULT_RECEIPT_WAIT_HOURS from sent_at without one, and for one-offs. A late receipt or a reply
 * still moves it on. The candidates come from the counters (campaigns with messages in 'sent' whose
 * wait has passed). A campaign's messages are walked once, in contact order through the
 * (campaign, contact) index every campaign message is in anyway, a keyset page at a time: no index
 * of its own, whose upkeep every write-back and receipt would pay. One-offs (campaign null, a small
 * share) through their partial index messages_one_off_sent_idx. Statements of at most `batch` rows
 * locked with SKIP LOCKED, so workers running it at once share the work; at most `maxRows` a call
 * (a backlog takes several). Answers how many timed out.
 */
export async function expireReceiptWaits(db: Executor, options: { batch?: number; maxRows?: number } = {}): Promise<number> {
  const batch = options.batch ?? 10_000;
  let remaining = options.maxRows ?? 100_000;
  const defaultWait = sql`make_interval(hours => ${DEFAULT_RECEIPT_WAIT_HOURS + RECEIPT_GRACE_HOURS})`;
  const grace = sql`make_interval(hours => ${RECEIPT_GRACE_HOURS})`;
  // Per campaign, the messages sent before `sent_before` are past their wait: with a validity, once
  // its end plus the grace has passed, those sent more than the grace ago; without, those sent
  // more than the default wait plus the grace ago (sent_at is never before the launch).
  const candidates = await queryRows<{ id: string; sent_before: string }>(
    db,
    sql`with waiting as (
          select campaign_id from (
            select campaign_id, n from campaign_counts where status = 'sent'
            union all
            select campaign_id, n from message_count_deltas where status = 'sent') parts
          group by campaign_id having sum(n) > 0),
        waits as (
          select c.id, case when c.validity_hours is null then now() - ${defaultWait} else now() - ${grace} end as sent_before,
                 case when c.validity_hours is null then coalesce(c.launched_at, c.created_at) + ${defaultWait}
                      else coalesce(greatest(c.launched_at, coalesce(c.scheduled_at, c.launched_at)), c.created_at)
                           + make_interval(hours => c.validity_hours) + ${grace} end as ends
          from waiting w join campaigns c on c.id = w.campaign_id)
        select id, sent_before::text from waits where ends < now() order by ends`,
  );
  /** One statement: up to `limit` of the rows `page` selects (locked, skipping others' locks) become unknown; answers how many, and the page's last key. */
  const timeOut = async (page: SQL, key: 'id' | 'contact_id', limit: number): Promise<{ n: number; last: string | null; seen: number }> => {
    const rows = await queryRows<{ n: number; last: string | null; seen: number }>(
      db,
      sql`with due as (${page} limit ${limit} for update skip locked),
          timed_out as (
            update messages m set status = 'unknown', error_code = ${MESSAGE_ERROR_CODES.receiptTimeout},
              error_text = 'No delivery receipt within the validity period'
            from due where m.id = due.id and m.status = 'sent'
            returning 1)
          select (select count(*) from timed_out)::int as n, (select max(${sql.raw(key)}::text) from due) as last,
                 (select count(*) from due)::int as seen`,
    );
    return rows[0] ?? { n: 0, last: null, seen: 0 };
  };
  let total = 0;
  // One-offs first: a big campaign's backlog takes several calls, and must not hold them up.
  while (remaining > 0) {
    const limit = Math.min(batch, remaining);
    const { n, seen } = await timeOut(
      sql`select id from messages where campaign_id is null and status = 'sent' and sent_at < now() - ${defaultWait} order by sent_at`,
      'id',
      limit,
    );
    total += n;
    remaining -= n;
    if (seen < limit) break;
  }
  for (const candidate of candidates) {
    const sentBefore = sql`${candidate.sent_before}::timestamptz`;
    // Campaign messages whose contact was taken off them (none today) are not in the walk below.
    const orphans = await timeOut(
      sql`select id, contact_id from messages where campaign_id = ${candidate.id} and contact_id is null and status = 'sent' and sent_at < ${sentBefore}`,
      'id',
      Math.min(batch, remaining),
    );
    total += orphans.n;
    remaining -= orphans.n;
    let after: string | null = null;
    while (remaining > 0) {
      const limit = Math.min(batch, remaining);
      const from = after === null ? sql`` : sql`and contact_id > ${after}::uuid`;
      const { n, last, seen } = await timeOut(
        sql`select id, contact_id from messages where campaign_id = ${candidate.id} ${from} and status = 'sent' and sent_at < ${sentBefore} order by contact_id`,
        'contact_id',
        limit,
      );
      total += n;
      remaining -= n;
      if (seen < limit || last === null) break;
      after = last;
    }
  }
  return total;
}
