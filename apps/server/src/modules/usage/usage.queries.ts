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

export interface UsageFigureRow {
  bucket: string;
  delivered: number;
  replied: number;
  optedOut: number;
}

/**
 * The reach figures of the messages sent in [from, to), per local day, week or month of their
 * send (contracts reply-figures.ts): delivered = status delivered, replied = recipients who
 * answered (one per message: a person per message, as a campaign's "replied"), opted out =
 * recipients who opted out in answer to it (opted_out_at).
 */
export async function usageFigures(
  db: Executor,
  range: { from: Date; to: Date },
  period: keyof typeof BUCKETS,
  timeZone: string,
): Promise<UsageFigureRow[]> {
  const rows = await queryRows<{ bucket: string; delivered: number; replied: number; opted_out: number }>(
    db,
    sql`select to_char(date_trunc(${BUCKETS[period]}, sent_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as bucket,
               count(*) filter (where status = 'delivered')::int as delivered,
               count(*) filter (where replied_at is not null)::int as replied,
               count(*) filter (where opted_out_at is not null)::int as opted_out
        from messages
        where sent_at >= ${range.from.toISOString()}::timestamptz and sent_at < ${range.to.toISOString()}::timestamptz
        group by 1`,
  );
  return rows.map((row) => ({ bucket: row.bucket, delivered: row.delivered, replied: row.replied, optedOut: row.opted_out }));
}

/** Names of the campaigns, API keys and users a breakdown shows (deleted ones: absent). */
export async function namesOf(
  db: Executor,
  ids: { campaigns: string[]; apiKeys: string[]; users: string[] },
): Promise<{ campaigns: Map<string, string>; apiKeys: Map<string, string>; users: Map<string, string> }> {
  const read = async (table: 'campaigns' | 'api_keys' | 'users', list: string[]) => {
    if (list.length === 0) return new Map<string, string>();
    const rows = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id::text as id, name from ${sql.identifier(table)} where id = any(${sql.param(list)}::uuid[])`,
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  const [campaigns, apiKeys, users] = await Promise.all([
    read('campaigns', ids.campaigns),
    read('api_keys', ids.apiKeys),
    read('users', ids.users),
  ]);
  return { campaigns, apiKeys, users };
}
