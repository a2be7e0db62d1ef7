import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import { sql } from 'drizzle-orm';
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
          where m.id in (select id from messages where status = 'sending' ${expired} limit 10000 for update skip locked)
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
