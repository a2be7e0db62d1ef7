import type { SpendLine, UsageBucket, UsagePeriod, UsageResponse } from '@sms/contracts/usage';
import { roundPrice } from '@sms/contracts/pricing';
import type { Db } from '../../db/client.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { computeBudgetState, monthBounds, namesOf, pricedUsage, usageFigures, type PricedUsageGroup } from '../usage/index.ts';
import { bucketsOf, usageRange } from './usage-range.ts';

/** Days of spend the forecast's daily rate is taken over (decision 109). */
export const FORECAST_DAYS = 7;
const DAY_MS = 86_400_000;
/** Lines a breakdown shows at most (the costliest). */
const BREAKDOWN_LINES = 100;

/** Folds the priced groups into one breakdown by a dimension, costliest first. */
function breakdown(
  groups: PricedUsageGroup[],
  idOf: (group: PricedUsageGroup) => string | null,
  names: Map<string, string> | null,
): SpendLine[] {
  const lines = new Map<string | null, SpendLine>();
  for (const group of groups) {
    const id = idOf(group);
    const line = lines.get(id) ?? { id, name: id === null ? null : names ? (names.get(id) ?? null) : id, messages: 0, parts: 0, amount: 0 };
    lines.set(id, line);
    line.messages += group.messages;
    line.parts += group.parts;
    line.amount += group.amount;
  }
  return [...lines.values()]
    .map((line) => ({ ...line, amount: roundPrice(line.amount) }))
    .sort((a, b) => b.amount - a.amount || b.messages - a.messages)
    .slice(0, BREAKDOWN_LINES);
}

const percentOf = (spent: number, cap: number | null) => (cap === null ? null : Math.round((spent / cap) * 1000) / 10);

/** GET /api/usage: the figures per period, the spend breakdowns, this month's forecast and the budgets. */
export async function buildUsage(db: Db, query: { period: UsagePeriod; from?: string; to?: string }): Promise<UsageResponse> {
  const settings = await getMessagingSettings(db);
  const { timeZone } = settings;
  const range = usageRange(query, timeZone);
  const span = { from: range.start, to: range.end, timeZone, currency: settings.currency };
  const [series, figures, detail, state] = await Promise.all([
    pricedUsage(db, { ...span, groupBy: [query.period] }),
    usageFigures(db, { from: range.start, to: range.end }, query.period, timeZone),
    pricedUsage(db, { ...span, groupBy: ['campaign', 'apiKey', 'user', 'country'] }),
    // Fresh, not the senders' cache: the page shows what was spent up to now.
    computeBudgetState(db),
  ]);
  const byBucket = new Map<string, UsageBucket>(
    bucketsOf(range.from, range.to, query.period).map((bucket) => [
      bucket,
      { bucket, messages: 0, parts: 0, amount: 0, delivered: 0, replied: 0, optedOut: 0 },
    ]),
  );
  for (const group of series.groups) {
    const bucket = byBucket.get(group.bucket ?? '');
    if (bucket) Object.assign(bucket, { messages: group.messages, parts: group.parts, amount: group.amount });
  }
  for (const row of figures) {
    const bucket = byBucket.get(row.bucket);
    if (bucket) Object.assign(bucket, { delivered: row.delivered, replied: row.replied, optedOut: row.optedOut });
  }
  const buckets = [...byBucket.values()];
  const sum = (pick: (bucket: UsageBucket) => number) => buckets.reduce((total, bucket) => total + pick(bucket), 0);
  const ids = (pick: (group: PricedUsageGroup) => string | null | undefined) => [
    ...new Set(detail.groups.map(pick).filter((id): id is string => typeof id === 'string')),
  ];
  const names = await namesOf(db, {
    campaigns: ids((group) => group.campaignId),
    apiKeys: ids((group) => group.apiKeyId),
    users: ids((group) => group.createdBy),
  });
  const month = await monthForecast(db, timeZone, settings.currency, state.spent);
  const caps = new Map(state.budgets.apiKeyCaps.map((cap) => [cap.apiKeyId, cap.monthlyCap]));
  const keyNames = await namesOf(db, { campaigns: [], apiKeys: [...caps.keys()], users: [] });
  return {
    currency: settings.currency,
    timeZone,
    period: query.period,
    from: range.from,
    to: range.to,
    series: buckets,
    total: {
      messages: series.total.messages,
      parts: series.total.parts,
      amount: series.total.amount,
      delivered: sum((bucket) => bucket.delivered),
      replied: sum((bucket) => bucket.replied),
      optedOut: sum((bucket) => bucket.optedOut),
    },
    spend: {
      byCampaign: breakdown(detail.groups, (group) => group.campaignId ?? null, names.campaigns),
      byCountry: breakdown(detail.groups, (group) => group.country ?? null, null),
      byApiKey: breakdown(detail.groups, (group) => group.apiKeyId ?? null, names.apiKeys),
      byUser: breakdown(detail.groups, (group) => group.createdBy ?? null, names.users),
    },
    month,
    budget: {
      cap: state.budgets.monthlyCap,
      spent: state.spent,
      percent: percentOf(state.spent, state.budgets.monthlyCap),
      reached: state.reached,
    },
    apiKeyBudgets: [...caps].map(([apiKeyId, cap]) => {
      const spent = state.spentByKey.get(apiKeyId) ?? 0;
      return {
        apiKeyId,
        name: keyNames.apiKeys.get(apiKeyId) ?? apiKeyId,
        cap,
        spent,
        percent: percentOf(spent, cap),
        reached: spent >= cap,
      };
    }),
  };
}

/**
 * This month's forecast (decision 109): spent so far plus the daily rate of the last FORECAST_DAYS
 * days (reaching into last month early in a month, so the first days forecast more than nothing)
 * times the days left.
 */
async function monthForecast(db: Db, timeZone: string, currency: string, spent: number) {
  const { start, end, now } = await monthBounds(db, timeZone);
  const recent = await pricedUsage(db, { from: new Date(now.getTime() - FORECAST_DAYS * DAY_MS), to: now, timeZone, currency });
  const dailyRate = roundPrice(recent.total.amount / FORECAST_DAYS);
  const daysLeft = Math.max(0, (end.getTime() - now.getTime()) / DAY_MS);
  return { start: start.toISOString(), spent, forecast: roundPrice(spent + dailyRate * daysLeft), dailyRate };
}
