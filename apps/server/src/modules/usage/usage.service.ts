import { destinationCountry } from '@sms/contracts/phone-destination';
import { MICROS } from '@sms/contracts/pricing';
import type { SmsEncoding } from '@sms/contracts/sms-encoding';
import type { Executor } from '../../db/client.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { chargedGroups, type UsageSqlDimension, type UsageSqlFilters } from './usage.queries.ts';

/**
 * Spend (decision 109): the charged messages, grouped in SQL with the sum of the prices stored on
 * them when the gateway accepted them (decision 118: messagePrice with the table of that moment),
 * then named here. A later price table changes nothing already sent.
 */

/** What usage can be split by. */
export type UsageDimension = UsageSqlDimension | 'country' | 'encoding';
export const USAGE_DIMENSIONS: readonly UsageDimension[] = [
  'day',
  'week',
  'month',
  'campaign',
  'apiKey',
  'user',
  'country',
  'encoding',
  'unitPrice',
];

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
  /** The price of one part these were charged, when grouped by unitPrice. */
  unitPrice?: number | null;
  messages: number;
  parts: number;
  amount: number;
}

export interface PricedUsage {
  currency: string;
  timeZone: string;
  groups: PricedUsageGroup[];
  total: { messages: number; parts: number; amount: number };
  /**
   * Amounts charged in another currency than `currency` (the organisation changed it in the
   * period): counted in messages and parts, not in amounts, never converted. Usually empty.
   */
  otherCurrencies: Record<string, number>;
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
  /** The currency the amounts are in; default the organisation's (messaging settings). */
  currency?: string;
}

// A message stored without its encoding (sent before encodings were kept) is priced as GSM-7.
const encodingOf = (value: string | null): SmsEncoding => (value === 'UCS-2' ? 'UCS-2' : 'GSM-7');

/** The charged messages of [from, to), grouped by `groupBy`, with the sums of their stored prices. */
export async function pricedUsage(db: Executor, query: PricedUsageQuery): Promise<PricedUsage> {
  const groupBy = query.groupBy ?? [];
  const settings = query.currency && query.timeZone ? undefined : await getMessagingSettings(db);
  const currency = query.currency ?? settings!.currency;
  const timeZone = query.timeZone ?? settings!.timeZone;
  const sqlDimensions = groupBy.filter((dimension): dimension is UsageSqlDimension => dimension !== 'country' && dimension !== 'encoding');
  const rows = await chargedGroups(db, { from: query.from, to: query.to }, sqlDimensions, timeZone, query.filters);
  const countries = new Map<string, string | null>();
  const merged = new Map<string, PricedUsageGroup>();
  const total = { messages: 0, parts: 0, amount: 0 };
  const otherCurrencies: Record<string, number> = {};
  for (const row of rows) {
    const country = countries.get(row.sample) ?? destinationCountry(row.sample);
    countries.set(row.sample, country);
    const encoding = encodingOf(row.encoding);
    // Millionths, whole numbers: summed exactly, divided once at the end.
    const inCurrency = row.currency === null || row.currency === currency;
    const amount = inCurrency ? row.amountMicros : 0;
    if (!inCurrency) otherCurrencies[row.currency!] = (otherCurrencies[row.currency!] ?? 0) + row.amountMicros;
    const group: PricedUsageGroup = { messages: 0, parts: 0, amount: 0 };
    if (groupBy.some((dimension) => dimension === 'day' || dimension === 'week' || dimension === 'month')) group.bucket = row.bucket ?? '';
    if (groupBy.includes('campaign')) group.campaignId = row.campaignId;
    if (groupBy.includes('apiKey')) group.apiKeyId = row.apiKeyId;
    if (groupBy.includes('user')) group.createdBy = row.createdBy;
    if (groupBy.includes('country')) group.country = country;
    if (groupBy.includes('encoding')) group.encoding = encoding;
    if (groupBy.includes('unitPrice')) group.unitPrice = row.unitMicros === null ? null : row.unitMicros / MICROS;
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
  const groups = [...merged.values()].map((group) => ({ ...group, amount: group.amount / MICROS }));
  for (const [code, micros] of Object.entries(otherCurrencies)) otherCurrencies[code] = micros / MICROS;
  return { currency, timeZone, groups, total: { ...total, amount: total.amount / MICROS }, otherCurrencies };
}
