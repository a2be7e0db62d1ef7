import type { FollowerDay } from '@sms/contracts/followers';

/** The longest run of days the chart draws (the newest ones). */
export const MAX_CHART_DAYS = 366;

export interface GrowthSeries {
  days: string[];
  subscribes: number[];
  unsubscribes: number[];
}

const DAY_MS = 86_400_000;

/**
 * The chart's columns: every day (UTC) from the first to the last of `days`, gaps filled with
 * zeros, the topics summed (the filter chooses the topic); at most MAX_CHART_DAYS, the newest.
 */
export function growthSeries(days: readonly FollowerDay[]): GrowthSeries {
  const byDay = new Map<string, { subscribes: number; unsubscribes: number }>();
  for (const day of days) {
    const sum = byDay.get(day.day) ?? { subscribes: 0, unsubscribes: 0 };
    sum.subscribes += day.subscribes;
    sum.unsubscribes += day.unsubscribes;
    byDay.set(day.day, sum);
  }
  const known = [...byDay.keys()].sort();
  const first = known[0];
  const last = known.at(-1);
  const series: GrowthSeries = { days: [], subscribes: [], unsubscribes: [] };
  if (!first || !last) return series;
  const end = Date.parse(`${last}T00:00:00Z`);
  const start = Math.max(Date.parse(`${first}T00:00:00Z`), end - (MAX_CHART_DAYS - 1) * DAY_MS);
  for (let at = start; at <= end; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const sum = byDay.get(day);
    series.days.push(day);
    series.subscribes.push(sum?.subscribes ?? 0);
    series.unsubscribes.push(sum?.unsubscribes ?? 0);
  }
  return series;
}
