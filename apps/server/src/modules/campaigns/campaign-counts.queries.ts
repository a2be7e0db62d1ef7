import type { CampaignCounts } from '@sms/contracts/campaigns';
import { MESSAGE_STATUSES, type MessageStatus } from '@sms/contracts/messages';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Campaign message counts. Triggers on `messages` append every statement's net change per
 * (campaign, status) to message_count_deltas; `rollUpCounts` folds them into campaign_counts.
 * The live figure is campaign_counts + pending deltas, so it equals the message rows exactly at
 * any snapshot, without a count(*) over millions of rows. Two pseudo-statuses overlap the others:
 * 'replied' (first replies) and 'opted_out' (recipients who opted out in answer: decision 083).
 */

/** Zero for every status. */
export function emptyCounts(): CampaignCounts {
  const counts = { total: 0, replied: 0, optedOut: 0 } as CampaignCounts;
  for (const status of MESSAGE_STATUSES) counts[status] = 0;
  return counts;
}

/** Live counts of several campaigns (campaigns without messages are absent from the map). */
export async function readCampaignCounts(db: Executor, campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  const result = new Map<string, CampaignCounts>();
  if (campaignIds.length === 0) return result;
  const ids = sql.param(campaignIds);
  const rows = await queryRows<{ campaign_id: string; status: MessageStatus | 'replied' | 'opted_out'; n: string | number }>(
    db,
    sql`select campaign_id, status, sum(n)::bigint as n from (
          select campaign_id, status, n from campaign_counts where campaign_id = any(${ids}::uuid[])
          union all
          select campaign_id, status, n from message_count_deltas where campaign_id = any(${ids}::uuid[])
        ) parts group by campaign_id, status`,
  );
  for (const row of rows) {
    const counts = result.get(row.campaign_id) ?? emptyCounts();
    const n = Number(row.n);
    if (row.status === 'replied') {
      counts.replied = n;
    } else if (row.status === 'opted_out') {
      counts.optedOut = n;
    } else if (row.status in counts) {
      counts[row.status] = n;
      counts.total += n;
    }
    result.set(row.campaign_id, counts);
  }
  return result;
}

/** Live counts of one campaign. */
export async function readOneCampaignCounts(db: Executor, campaignId: string): Promise<CampaignCounts> {
  return (await readCampaignCounts(db, [campaignId])).get(campaignId) ?? emptyCounts();
}

// Any fixed number; only one roll-up runs at a time across all processes.
const ROLLUP_LOCK_KEY = 7_310_002;

/**
 * Folds up to `limit` pending deltas into campaign_counts in one statement (delete + upsert, so
 * readers never see a delta twice or not at all). Skipped when another process is rolling up.
 * Answers how many delta rows were folded.
 */
export async function rollUpCounts(db: Executor, limit = 50_000): Promise<number> {
  const rows = await queryRows<{ folded: number }>(
    db,
    sql`with lock as (select pg_try_advisory_xact_lock(${ROLLUP_LOCK_KEY}) as got),
        moved as (
          delete from message_count_deltas where id in (
            select id from message_count_deltas where (select got from lock) order by id limit ${limit})
          returning campaign_id, status, n),
        folded as (
          insert into campaign_counts (campaign_id, status, n)
          select campaign_id, status, sum(n) from moved group by campaign_id, status
          on conflict (campaign_id, status) do update set n = campaign_counts.n + excluded.n
          returning 1)
        select (select count(*) from moved)::int as folded`,
  );
  return rows[0]?.folded ?? 0;
}
