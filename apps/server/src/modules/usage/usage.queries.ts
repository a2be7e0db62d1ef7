import { DEFAULT_PREFIX_LENGTH, LONG_PREFIXES } from '@sms/contracts/phone-destination';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * The charged messages, grouped in SQL (decision 109): every message the gateway accepted
 * (sent_at set, whatever its kind: campaign, api, test, reply, auto, notice) in [from, to), per
 * destination prefix group (decision 042: the country is named from one number of each group, as
 * countAudienceByPrefix does) and encoding, plus the dimensions asked for.
 */

/** What a charged group may be split by besides its country and encoding. */
export type UsageSqlDimension = 'day' | 'week' | 'month' | 'campaign' | 'apiKey' | 'user';

export interface UsageSqlFilters {
  campaignId?: string;
  apiKeyId?: string;
  createdBy?: string;
}

export interface ChargedGroupRow {
  /** One number of the prefix group (its country is the group's). */
  sample: string;
  encoding: string | null;
  /** Local date (YYYY-MM-DD) of the day, week (Monday) or month start, when grouped by one. */
  bucket: string | null;
  campaignId: string | null;
  apiKeyId: string | null;
  createdBy: string | null;
  messages: number;
  parts: number;
}

const BUCKETS = { day: 'day', week: 'week', month: 'month' } as const;

/** Charged messages and parts per prefix group, encoding and the asked dimensions. */
export async function chargedGroups(
  db: Executor,
  range: { from: Date; to: Date },
  dimensions: readonly UsageSqlDimension[],
  timeZone: string,
  filters: UsageSqlFilters = {},
): Promise<ChargedGroupRow[]> {
  const bucket = dimensions.find((dimension): dimension is keyof typeof BUCKETS => dimension in BUCKETS);
  const long = Object.entries(LONG_PREFIXES).map(([code, length]) => sql`when phone like ${`+${code}%`} then ${length}::int`);
  const prefix = sql`left(phone, case ${sql.join(long, sql` `)} else ${DEFAULT_PREFIX_LENGTH}::int end)`;
  // The bucket is the local date its period starts on: date_trunc of the local time, then its date.
  const bucketSql = bucket
    ? sql`to_char(date_trunc(${BUCKETS[bucket]}, sent_at at time zone ${timeZone})::date, 'YYYY-MM-DD')`
    : sql`null::text`;
  const column = (wanted: UsageSqlDimension, name: string) => (dimensions.includes(wanted) ? sql.raw(name) : sql`null::uuid`);
  const conditions: SQL[] = [
    sql`sent_at >= ${range.from.toISOString()}::timestamptz`,
    sql`sent_at < ${range.to.toISOString()}::timestamptz`,
  ];
  if (filters.campaignId !== undefined) conditions.push(sql`campaign_id = ${filters.campaignId}::uuid`);
  if (filters.apiKeyId !== undefined) conditions.push(sql`api_key_id = ${filters.apiKeyId}::uuid`);
  if (filters.createdBy !== undefined) conditions.push(sql`created_by = ${filters.createdBy}::uuid`);
  const rows = await queryRows<{
    sample: string;
    encoding: string | null;
    bucket: string | null;
    campaign_id: string | null;
    api_key_id: string | null;
    created_by: string | null;
    messages: number;
    parts: number;
  }>(
    db,
    sql`select min(phone) as sample, encoding, ${bucketSql} as bucket,
               ${column('campaign', 'campaign_id')} as campaign_id, ${column('apiKey', 'api_key_id')} as api_key_id,
               ${column('user', 'created_by')} as created_by,
               count(*)::int as messages, coalesce(sum(coalesce(segments, 1)), 0)::bigint as parts
        from messages where ${sql.join(conditions, sql` and `)}
        group by ${prefix}, 2, 3, 4, 5, 6`,
  );
  return rows.map((row) => ({
    sample: row.sample,
    encoding: row.encoding,
    bucket: row.bucket,
    campaignId: row.campaign_id,
    apiKeyId: row.api_key_id,
    createdBy: row.created_by,
    messages: Number(row.messages),
    parts: Number(row.parts),
  }));
}
