import { FOLLOWER_EXPORT_COLUMNS, type FollowerFilter, type FollowerStats } from '@sms/contracts/followers';
import type { ExportFormat } from '@sms/contracts/contacts';
import type { Executor } from '../../db/client.ts';
import { exportFile, keysetBatches, type ExportDone, type ExportFile } from '../../platform/export-file.ts';
import { followerName, presentDay, presentTotals } from './followers.presenter.ts';
import { followerDays, followersAfter, followerTotalsByTopic, type FollowerCursor, type FollowerRow } from './followers.queries.ts';

/** Rows per keyset batch of the export. */
const BATCH_SIZE = 2000;

/**
 * The figures of GET /api/followers/stats: per topic and overall (the sum of the topics), and the
 * growth chart's days, all counted on the one definition of a follower (followers.queries.ts).
 */
export async function followerStats(db: Executor, filter: FollowerFilter): Promise<FollowerStats> {
  const topics = (await followerTotalsByTopic(db, filter)).map(presentTotals);
  const overall = topics.reduce(
    (sum, topic) => ({
      topic: null,
      subscriptions: sum.subscriptions + topic.subscriptions,
      subscribed: sum.subscribed + topic.subscribed,
      unsubscribed: sum.unsubscribed + topic.unsubscribed,
    }),
    { topic: null, subscriptions: 0, subscribed: 0, unsubscribed: 0 },
  );
  return { overall, topics, days: (await followerDays(db, filter)).map(presentDay) };
}

const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

/** A follower as export cells, in FOLLOWER_EXPORT_COLUMNS order. */
function cells(row: FollowerRow): string[] {
  return [
    row.phone,
    followerName(row) ?? '',
    row.topic ?? '',
    row.status,
    iso(row.subscribed_at),
    iso(row.unsubscribed_at),
    row.source,
    row.consent_text ?? '',
    row.ip ?? '',
    row.user_agent ?? '',
  ];
}

/** A streamed export (CSV or XLSX) of the filter's followers in list order; `done` fires when it ends (for the audit). */
export function exportFollowers(db: Executor, filter: FollowerFilter, format: ExportFormat, done: ExportDone): ExportFile {
  const next = async (after: FollowerCursor | null) => {
    const rows = await followersAfter(db, filter, after, BATCH_SIZE);
    const last = rows.at(-1);
    return { rows, cursor: last ? { at: last.cursor_at, consentId: last.consent_id, ord: last.ord } : null };
  };
  return exportFile(
    {
      name: 'followers',
      sheetName: 'Followers',
      headers: FOLLOWER_EXPORT_COLUMNS,
      plainColumns: [0],
      batches: () => keysetBatches(next, cells, BATCH_SIZE),
    },
    format,
    done,
  );
}
