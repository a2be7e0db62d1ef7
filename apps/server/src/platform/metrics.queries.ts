import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

/**
 * Messages waiting to be sent, by lane: campaigns' from their counters (decision 018: no scan of
 * millions of rows at every scrape), one-offs by priority through the partial index on queued
 * messages. Paused campaigns' queued messages count: they are waiting too.
 */
export async function queueDepth(db: Executor): Promise<Array<{ lane: 'campaign' | 'one-off'; priority: 'normal' | 'high'; n: number }>> {
  const rows = await queryRows<{ lane: 'campaign' | 'one-off'; priority: number; n: string | number }>(
    db,
    sql`select 'campaign' as lane, 0 as priority, coalesce(sum(n), 0)::bigint as n from (
          select n from campaign_counts where status = 'queued'
          union all select n from message_count_deltas where status = 'queued') counted
        union all
        select 'one-off', priority, count(*)::bigint from messages where campaign_id is null and status = 'queued' group by priority`,
  );
  const depth = [
    { lane: 'campaign' as const, priority: 'normal' as const, n: 0 },
    { lane: 'one-off' as const, priority: 'normal' as const, n: 0 },
    { lane: 'one-off' as const, priority: 'high' as const, n: 0 },
  ];
  for (const row of rows) {
    const entry = depth.find((d) => d.lane === row.lane && d.priority === (row.priority > 0 ? 'high' : 'normal'));
    if (entry) entry.n += Number(row.n);
  }
  return depth;
}

/** Receipts that came before their message's write-back, waiting to be applied. */
export async function parkedReceipts(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`select count(*)::bigint as n from pending_receipts`);
  return Number(row?.n ?? 0);
}
