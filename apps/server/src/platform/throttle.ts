import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import { throttleEvents } from '../db/schema.ts';
import { TooManyRequests } from './errors.ts';

/**
 * Sliding-window throttles counted in the database (the sign-in throttle's approach, for other
 * buckets): every API process sees the same counts, and nothing is locked for good.
 */
export interface ThrottleRule {
  bucket: string;
  windowSeconds: number;
  max: number;
}

// Events older than this are useless to every rule and pruned as new ones arrive.
const LONGEST_WINDOW_SECONDS = 3600;

/** Seconds until `subject` is under the rule's limit again, or 0 when it is already. */
export async function secondsUntilAllowed(db: Executor, rule: ThrottleRule, subject: string): Promise<number> {
  const since = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
  // The max-th most recent event is the one whose expiry lets the next attempt through.
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`select extract(epoch from (${throttleEvents.at} + make_interval(secs => ${rule.windowSeconds}) - now()))::float8 as wait
        from ${throttleEvents}
        where ${and(eq(throttleEvents.bucket, rule.bucket), eq(throttleEvents.subject, subject), gt(throttleEvents.at, since))}
        order by ${desc(throttleEvents.at)}
        offset ${rule.max - 1} limit 1`,
  );
  return row ? Math.max(1, Math.ceil(Number(row.wait))) : 0;
}

/** Ages in seconds (by the database's clock) of `subject`'s newest `limit` events within the rule's window, newest first. */
export async function eventAges(db: Executor, rule: ThrottleRule, subject: string, limit: number): Promise<number[]> {
  const rows = await queryRows<{ age: number | string }>(
    db,
    sql`select extract(epoch from (now() - ${throttleEvents.at}))::float8 as age
        from ${throttleEvents}
        where ${and(eq(throttleEvents.bucket, rule.bucket), eq(throttleEvents.subject, subject))}
          and ${throttleEvents.at} > now() - make_interval(secs => ${rule.windowSeconds})
        order by ${desc(throttleEvents.at)}
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.age));
}

/** Throws 429 (with the wait) when any of the (rule, subject) pairs is at its limit. */
export async function assertAllowed(
  db: Executor,
  checks: Array<[ThrottleRule, string]>,
  message: (minutes: number) => string,
): Promise<void> {
  let wait = 0;
  for (const [rule, subject] of checks) wait = Math.max(wait, await secondsUntilAllowed(db, rule, subject));
  if (wait > 0) throw new TooManyRequests(message(Math.ceil(wait / 60)), wait);
}

/** Counts one event for each (rule, subject) pair and prunes events no rule still looks at. */
export async function recordEvents(db: Executor, events: Array<[ThrottleRule, string]>): Promise<void> {
  if (events.length === 0) return;
  await db.insert(throttleEvents).values(events.map(([rule, subject]) => ({ bucket: rule.bucket, subject })));
  await db.delete(throttleEvents).where(lt(throttleEvents.at, sql`now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`));
}

/** Forgets a subject's events in a bucket (e.g. wrong codes after a successful sign-in). */
export async function clearEvents(db: Executor, rule: ThrottleRule, subject: string): Promise<void> {
  await db.delete(throttleEvents).where(and(eq(throttleEvents.bucket, rule.bucket), eq(throttleEvents.subject, subject)));
}

/** "Try again in N minute(s)." */
export const tryAgainIn = (minutes: number) => `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
