import type { MessageStatus } from '@sms/contracts/messages';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../src/db/client.ts';
import type { Tag1Cell, TimelineRow } from '../src/modules/campaigns/index.ts';

/**
 * The reports' whole-campaign figures by a full scan of the campaign's message rows: the queries
 * the reports ran before the aggregates (decision 089), kept as the reference the aggregates are
 * compared with (report-aggregates.test.ts, bench/reports/run.ts).
 */

/** The tag1 cells, with each cell's latest sent_at (the old reply-window rule). */
export async function scanTag1Cells(db: Executor, campaignId: string): Promise<Array<Tag1Cell & { lastSentAt: Date | null }>> {
  const rows = await queryRows<{
    tag1: string;
    status: MessageStatus;
    replied: boolean;
    word: string | null;
    opted_out: boolean;
    n: number;
    last_sent_at: string | Date | null;
  }>(
    db,
    sql`select coalesce(m.tag1, '') as tag1, m.status, m.replied_at is not null as replied,
               case when m.replied_at is not null then m.reply_word end as word,
               m.opted_out_at is not null as opted_out, count(*)::int as n, max(m.sent_at) as last_sent_at
        from messages m where m.campaign_id = ${campaignId}
        group by 1, 2, 3, 4, 5`,
  );
  return rows.map((row) => ({
    tag1: row.tag1,
    status: row.status,
    replied: row.replied,
    word: row.word === '' ? null : row.word,
    optedOut: row.opted_out === true,
    n: Number(row.n),
    lastSentAt: row.last_sent_at === null ? null : new Date(row.last_sent_at),
  }));
}

/** Sent, delivered, failed per UTC second or minute, oldest first (one scan grouped by the three times). */
export async function scanTimeline(db: Executor, campaignId: string, unit: 'second' | 'minute'): Promise<TimelineRow[]> {
  const truncate = (column: SQL) => sql`date_trunc(${unit}::text, ${column} at time zone 'UTC') at time zone 'UTC'`;
  const rows = await queryRows<{ s: string | Date | null; d: string | Date | null; f: string | Date | null; n: number }>(
    db,
    sql`select ${truncate(sql`sent_at`)} as s,
               case when status = 'delivered' then ${truncate(sql`delivered_at`)} end as d,
               case when status in ('failed', 'undelivered') then ${truncate(sql`failed_at`)} end as f,
               count(*)::int as n
        from messages where campaign_id = ${campaignId}
        group by 1, 2, 3`,
  );
  const buckets = new Map<number, TimelineRow>();
  const add = (at: string | Date | null, key: 'sent' | 'delivered' | 'failed', n: number) => {
    if (at === null) return;
    const time = new Date(at).getTime();
    const row = buckets.get(time) ?? { at: new Date(time), sent: 0, delivered: 0, failed: 0 };
    row[key] += n;
    buckets.set(time, row);
  };
  for (const row of rows) {
    add(row.s, 'sent', Number(row.n));
    add(row.d, 'delivered', Number(row.n));
    add(row.f, 'failed', Number(row.n));
  }
  return [...buckets.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The timeline at the finest unit its span calls for (minutes, or seconds under 200 s), as the reports pick it. */
export async function scanTimelineRows(db: Executor, campaignId: string): Promise<{ unit: 'second' | 'minute'; rows: TimelineRow[] }> {
  const minutes = await scanTimeline(db, campaignId, 'minute');
  const span = (minutes.at(-1)?.at.getTime() ?? 0) - (minutes[0]?.at.getTime() ?? 0);
  if (minutes.length === 0 || span >= 200_000) return { unit: 'minute', rows: minutes };
  return { unit: 'second', rows: await scanTimeline(db, campaignId, 'second') };
}

/** Error codes of the campaign's messages, most frequent first, with their greatest text. */
export async function scanErrors(
  db: Executor,
  campaignId: string,
): Promise<Array<{ errorCode: string; errorText: string | null; n: number }>> {
  const rows = await queryRows<{ error_code: string; error_text: string | null; n: number }>(
    db,
    sql`select error_code, max(error_text) as error_text, count(*)::int as n
        from messages where campaign_id = ${campaignId} and error_code is not null
        group by error_code order by n desc, error_code limit 50`,
  );
  return rows.map((row) => ({ errorCode: row.error_code, errorText: row.error_text, n: Number(row.n) }));
}
