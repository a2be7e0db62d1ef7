import { USAGE_MAX_BUCKETS, type UsagePeriod } from '@sms/contracts/usage';
import { toLocalDateTime, zonedToInstant } from '@sms/contracts/zoned-time';
import { ValidationError } from '../../platform/errors.ts';

/** Date arithmetic on local dates (YYYY-MM-DD), done in UTC where no zone moves them. */
const shift = (date: string, days: number, months = 0): string => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months, at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The local date a period bucket starts on (Monday for weeks, the 1st for months). */
export function bucketStart(date: string, period: UsagePeriod): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shift(date, -weekday);
}

/** Every bucket of [from, to], oldest first. */
export function bucketsOf(from: string, to: string, period: UsagePeriod): string[] {
  const buckets: string[] = [];
  let at = bucketStart(from, period);
  while (at <= to && buckets.length <= USAGE_MAX_BUCKETS) {
    buckets.push(at);
    at = period === 'day' ? shift(at, 1) : period === 'week' ? shift(at, 7) : shift(at, 0, 1);
  }
  return buckets;
}

/**
 * The local dates [from, to] asked for, or by default the last 30 days, 12 weeks or 12 months up
 * to today, and the instants they span in `timeZone`; 400 naming `from` past USAGE_MAX_BUCKETS.
 */
export function usageRange(
  query: { period: UsagePeriod; from?: string; to?: string },
  timeZone: string,
  now = new Date(),
): { from: string; to: string; start: Date; end: Date } {
  const today = toLocalDateTime(now, timeZone).slice(0, 10);
  const to = query.to ?? today;
  const from =
    query.from ??
    (query.period === 'day'
      ? shift(to, -29)
      : query.period === 'week'
        ? bucketStart(shift(to, -77), 'week')
        : shift(`${to.slice(0, 7)}-01`, 0, -11));
  if (bucketsOf(from, to, query.period).length > USAGE_MAX_BUCKETS)
    throw new ValidationError('from', `from and to may span at most ${USAGE_MAX_BUCKETS} ${query.period}s`);
  return { from, to, start: zonedToInstant(`${from}T00:00`, timeZone), end: zonedToInstant(`${shift(to, 1)}T00:00`, timeZone) };
}
