import { DEFAULT_PREFIX_LENGTH, LONG_PREFIXES } from '@sms/contracts/phone-destination';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * The charged messages, grouped in SQL (decision 109): every message the gateway accepted
 * (sent_at set, whatever its kind: campaign, api, test, reply, auto, notice) in [from, to), per
 * destination prefix group (decision 042: the country is named from one number of each group, as
 * countAudienceByPrefix does), encoding and the currency it was priced in, plus the dimensions
 * asked for, with the sum of the prices stored when each was sent (decision 118).
 */

/** What a charged group may be split by besides its country and encoding (unitPrice: the price of one part it was charged). */
export type UsageSqlDimension = 'day' | 'week' | 'month' | 'campaign' | 'apiKey' | 'user' | 'unitPrice';

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
  /** Price of one part, in millionths, when grouped by unitPrice. */
  unitMicros: number | null;
  /** The currency its prices are in (null: not priced). */
  currency: string | null;
  messages: number;
  parts: number;
  /** Sum of the stored prices, in millionths of `currency`. */
  amountMicros: number;
}

const BUCKETS = { day: 'day', week: 'week', month: 'month' } as const;

/** The destination prefix group of `messages.phone` (decision 042). */
function prefixSql(): SQL {
  const long = Object.entries(LONG_PREFIXES).map(([code, length]) => sql`when phone like ${`+${code}%`} then ${length}::int`);
  return sql`left(phone, case ${sql.join(long, sql` `)} else ${DEFAULT_PREFIX_LENGTH}::int end)`;
}

/** Charged messages and parts per prefix group, encoding and the asked dimensions. */
export async function chargedGroups(
  db: Executor,
  range: { from: Date; to: Date },
  dimensions: readonly UsageSqlDimension[],
  timeZone: string,
  filters: UsageSqlFilters = {},
): Promise<ChargedGroupRow[]> {
  const bucket = dimensions.find((dimension): dimension is keyof typeof BUCKETS => dimension in BUCKETS);
  const prefix = prefixSql();
  // The bucket is the local date its period starts on: date_trunc of the local time, then its date.
  const bucketSql = bucket
    ? sql`to_char(date_trunc(${BUCKETS[bucket]}, sent_at at time zone ${timeZone})::date, 'YYYY-MM-DD')`
    : sql`null::text`;
  const column = (wanted: UsageSqlDimension, name: string) => (dimensions.includes(wanted) ? sql.raw(name) : sql`null::uuid`);
  const unit = dimensions.includes('unitPrice') ? sql`price_micros / greatest(coalesce(segments, 1), 1)` : sql`null::bigint`;
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
    unit_micros: string | null;
    currency: string | null;
    messages: number;
    parts: number;
    amount_micros: string;
  }>(
    db,
    sql`select min(phone) as sample, encoding, ${bucketSql} as bucket,
               ${column('campaign', 'campaign_id')} as campaign_id, ${column('apiKey', 'api_key_id')} as api_key_id,
               ${column('user', 'created_by')} as created_by, ${unit} as unit_micros, price_currency as currency,
               count(*)::int as messages, coalesce(sum(coalesce(segments, 1)), 0)::bigint as parts,
               coalesce(sum(price_micros), 0)::bigint as amount_micros
        from messages where ${sql.join(conditions, sql` and `)}
        group by ${prefix}, 2, 3, 4, 5, 6, 7, 8`,
  );
  return rows.map((row) => ({
    sample: row.sample,
    encoding: row.encoding,
    bucket: row.bucket,
    campaignId: row.campaign_id,
    apiKeyId: row.api_key_id,
    createdBy: row.created_by,
    unitMicros: row.unit_micros === null ? null : Number(row.unit_micros),
    currency: row.currency,
    messages: Number(row.messages),
    parts: Number(row.parts),
    amountMicros: Number(row.amount_micros),
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

/** The sent messages without a price (sent before migration 0047), per prefix group and encoding. */
export async function unpricedGroups(db: Executor): Promise<Array<{ prefix: string; sample: string; ucs2: boolean }>> {
  return queryRows<{ prefix: string; sample: string; ucs2: boolean }>(
    db,
    sql`select ${prefixSql()} as prefix, min(phone) as sample, coalesce(encoding = 'UCS-2', false) as ucs2
        from messages where sent_at is not null and price_micros is null group by 1, 3`,
  );
}

/** Prices the unpriced sent messages: parts x the given part price of their group (millionths). */
export async function priceUnpriced(
  db: Executor,
  groups: ReadonlyArray<{ prefix: string; ucs2: boolean; partMicros: number }>,
  currency: string,
): Promise<number> {
  if (groups.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with priced as (
          update messages m set price_micros = greatest(coalesce(m.segments, 1), 0) * p.part_micros, price_currency = ${currency}
          from unnest(${sql.param(groups.map((group) => group.prefix))}::text[], ${sql.param(groups.map((group) => group.ucs2))}::boolean[],
                      ${sql.param(groups.map((group) => group.partMicros))}::bigint[]) as p(prefix, ucs2, part_micros)
          where m.sent_at is not null and m.price_micros is null
            and ${prefixSql()} = p.prefix and coalesce(m.encoding = 'UCS-2', false) = p.ucs2
          returning 1)
        select count(*)::int as n from priced`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * What was charged in [from, to) in `currency`, per API key (null: everything else), in
 * millionths: a sum over sent_at's BRIN range, no grouping by destination (the budgets, decision 118).
 */
export async function chargedByKey(db: Executor, range: { from: Date; to: Date }, currency: string): Promise<Map<string | null, number>> {
  const rows = await queryRows<{ api_key_id: string | null; micros: string }>(
    db,
    sql`select api_key_id, sum(price_micros)::text as micros from messages
        where sent_at >= ${range.from.toISOString()}::timestamptz and sent_at < ${range.to.toISOString()}::timestamptz
          and price_currency = ${currency}
        group by 1`,
  );
  return new Map(rows.map((row) => [row.api_key_id, Number(row.micros)]));
}
