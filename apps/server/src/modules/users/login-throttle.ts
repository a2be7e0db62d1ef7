import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { TooManyRequests } from '../../platform/errors.ts';

/**
 * Sign-in throttling: failures are counted per account and per client IP over a sliding window,
 * in the database so every API process sees the same counts. Nothing is ever locked for good:
 * as failures age out of the window, sign-in opens again.
 */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, maxPerAccount: 5, maxPerIp: 20 } as const;

const windowStart = sql`now() - make_interval(secs => ${LOGIN_THROTTLE.windowSeconds})`;

/**
 * Seconds until fewer than `limit` failures remain in the window, or 0 when not throttled:
 * the `limit`-th most recent failure is the one whose expiry reopens sign-in.
 */
async function secondsUntilAllowed(db: Executor, column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string, limit: number): Promise<number> {
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`select extract(epoch from (${loginAttempts.attemptedAt} + make_interval(secs => ${LOGIN_THROTTLE.windowSeconds}) - now()))::float8 as wait
        from ${loginAttempts}
        where ${column} = ${value} and ${loginAttempts.attemptedAt} > ${windowStart}
        order by ${desc(loginAttempts.attemptedAt)}
        offset ${limit - 1} limit 1`,
  );
  return row ? Math.max(1, Math.ceil(Number(row.wait))) : 0;
}

/** Throws 429 (with the wait in seconds) when the account or the IP has too many recent failures. */
export async function assertLoginAllowed(db: Executor, email: string, ip: string): Promise<void> {
  const wait = Math.max(
    await secondsUntilAllowed(db, loginAttempts.email, email, LOGIN_THROTTLE.maxPerAccount),
    await secondsUntilAllowed(db, loginAttempts.ip, ip, LOGIN_THROTTLE.maxPerIp),
  );
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequests(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, wait);
  }
}

/** Records one failed sign-in and prunes failures that left the window (cheap: indexed by time). */
export async function recordLoginFailure(db: Executor, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip });
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
}

/** Forgets an account's failures after a successful sign-in. */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
