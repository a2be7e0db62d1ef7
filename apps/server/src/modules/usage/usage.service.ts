import { destinationCountry } from '@sms/contracts/phone-destination';
import { messagePrice, roundPrice, type PriceTable } from '@sms/contracts/pricing';
import type { SmsEncoding } from '@sms/contracts/sms-encoding';
import type { Executor } from '../../db/client.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { chargedGroups, type UsageSqlDimension, type UsageSqlFilters } from './usage.queries.ts';

/**
 * Spend (decision 109): the charged messages, grouped in SQL, then named and priced here with the
 * one price function (messagePrice) and the current price table, in the organisation's currency.
 */

/** What usage can be split by. */
export type UsageDimension = UsageSqlDimension | 'country' | 'encoding';
export const USAGE_DIMENSIONS: readonly UsageDimension[] = ['day', 'week', 'month', 'campaign', 'apiKey', 'user', 'country', 'encoding'];

export type UsageFilters = UsageSqlFilters;

export interface PricedUsageGroup {
  /** Local date its day, week (Monday) or month starts on: when grouped by one. */
  bucket?: string;
  campaignId?: string | null;
  apiKeyId?: string | null;
  /** The user who sent it (campaigns: their creator; API: the key's owner; null: the system). */
  createdBy?: string | null;
  /** Destination country (null: none known for the number). */
  country?: string | null;
  encoding?: SmsEncoding;
  messages: number;
  parts: number;
  amount: number;
}

export interface PricedUsage {
  currency: string;
  timeZone: string;
  groups: PricedUsageGroup[];
  total: { messages: number; parts: number; amount: number };
}

export interface PricedUsageQuery {
  /** Sent at or after. */
  from: Date;
  /** Sent before. */
  to: Date;
  /** At most one of day/week/month. */
  groupBy?: readonly UsageDimension[];
  filters?: UsageFilters;
  /** The buckets' zone; default the organisation's (messaging settings). */
  timeZone?: string;
  /** The price table and currency; default the current messaging settings. */
  prices?: PriceTable & { currency: string };
}

// A message stored without its encoding (sent before encodings were kept) is priced as GSM-7.
const encodingOf = (value: string | null): SmsEncoding => (value === 'UCS-2' ? 'UCS-2' : 'GSM-7');

/** The charged messages of [from, to), grouped by `groupBy` and priced with messagePrice. */
export async function pricedUsage(db: Executor, query: PricedUsageQuery): Promise<PricedUsage> {
  const groupBy = query.groupBy ?? [];
  const settings = query.prices && query.timeZone ? undefined : await getMessagingSettings(db);
  const prices = query.prices ?? settings!;
  const timeZone = query.timeZone ?? settings!.timeZone;
  const sqlDimensions = groupBy.filter((dimension): dimension is UsageSqlDimension => dimension !== 'country' && dimension !== 'encoding');
  const rows = await chargedGroups(db, { from: query.from, to: query.to }, sqlDimensions, timeZone, query.filters);
  const countries = new Map<string, string | null>();
  const merged = new Map<string, PricedUsageGroup>();
  const total = { messages: 0, parts: 0, amount: 0 };
  for (const row of rows) {
    const country = countries.get(row.sample) ?? destinationCountry(row.sample);
    countries.set(row.sample, country);
    const encoding = encodingOf(row.encoding);
    const amount = messagePrice(prices, country, encoding, row.parts);
    const group: PricedUsageGroup = { messages: 0, parts: 0, amount: 0 };
    if (groupBy.some((dimension) => dimension === 'day' || dimension === 'week' || dimension === 'month')) group.bucket = row.bucket ?? '';
    if (groupBy.includes('campaign')) group.campaignId = row.campaignId;
    if (groupBy.includes('apiKey')) group.apiKeyId = row.apiKeyId;
    if (groupBy.includes('user')) group.createdBy = row.createdBy;
    if (groupBy.includes('country')) group.country = country;
    if (groupBy.includes('encoding')) group.encoding = encoding;
    const key = JSON.stringify(group);
    const into = merged.get(key) ?? group;
    merged.set(key, into);
    into.messages += row.messages;
    into.parts += row.parts;
    into.amount += amount;
    total.messages += row.messages;
    total.parts += row.parts;
    total.amount += amount;
  }
  const groups = [...merged.values()].map((group) => ({ ...group, amount: roundPrice(group.amount) }));
  return { currency: prices.currency, timeZone, groups, total: { ...total, amount: roundPrice(total.amount) } };
}
