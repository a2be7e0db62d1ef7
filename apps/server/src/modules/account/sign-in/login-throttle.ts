import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';
import { loginAttempts } from '../../../db/schema.ts';
import { ERROR_CODES } from '@sms/contracts/errors';
import { TooManyRequests } from '../../../platform/errors.ts';

/**
 * Sign-in throttling (OWASP ASVS 2.2.1), counted in the database so every API process sees the
 * same counts, and never a lock for good:
 * - an address failing for an account is slowed (after 3 failures each try waits 2 s, doubling),
 *   then refused (10 failures in 15 minutes) -- for that account from that address only, so
 *   nobody can lock someone else out from their own address;
 * - an address failing for many accounts is refused past 20 failures in 15 minutes;
 * - an account failing from everywhere is refused past 100 failures in an hour, but even then a
 *   correct password plus a valid second step, or a password-reset link, still signs in.
 * Unknown accounts are counted exactly like real ones, so no answer tells them apart.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures of one address for one account before each further try waits. */
  freePerAccountAndIp: 3,
  /** Failures of one address for one account in the window that refuse it. */
  maxPerAccountAndIp: 10,
  maxPerIp: 20,
  accountWindowSeconds: 60 * 60,
  /** Failures for one account from everywhere in an hour past which the password alone is refused. */
  maxPerAccount: 100,
} as const;

/** The wait before the try after `failures` of one address for one account: 2 s after the 3rd, doubling. */
export const slowDownSeconds = (failures: number): number =>
  failures < LOGIN_THROTTLE.freePerAccountAndIp ? 0 : 2 ** (failures - LOGIN_THROTTLE.freePerAccountAndIp + 1);

/** "Try again in N seconds/minutes." */
function tryAgain(wait: number): string {
  if (wait < 60) return `Try again in ${wait} second${wait === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(wait / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Ages in seconds (by the database's clock) of the newest `limit` failures matching `where` within `windowSeconds`. */
async function failureAges(db: Executor, where: ReturnType<typeof and>, windowSeconds: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ age: number | string }>(
    db,
    sql`select extract(epoch from (now() - ${loginAttempts.attemptedAt}))::float8 as age
        from ${loginAttempts}
        where ${where} and ${loginAttempts.attemptedAt} > now() - make_interval(secs => ${windowSeconds})
        order by ${desc(loginAttempts.attemptedAt)}
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.age));
}

/** Seconds until the `limit`-th newest failure leaves the window (0 when fewer than `limit`). */
const untilBelowLimit = (ages: number[], limit: number, windowSeconds: number) =>
  ages.length >= limit ? windowSeconds - ages[limit - 1]! : 0;

const waitSeconds = (seconds: number) => (seconds > 0 ? Math.max(1, Math.ceil(seconds)) : 0);

/** Throws 429 (with the wait) when this address is slowed or refused for this account, or refused for every account. */
export async function assertLoginAllowed(db: Executor, email: string, ip: string): Promise<void> {
  const { windowSeconds, maxPerAccountAndIp, maxPerIp } = LOGIN_THROTTLE;
  const pair = await failureAges(db, and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)), windowSeconds, maxPerAccountAndIp);
  const slowed = pair.length > 0 && pair.length < maxPerAccountAndIp ? slowDownSeconds(pair.length) - pair[0]! : 0;
  const byIp = await failureAges(db, eq(loginAttempts.ip, ip), windowSeconds, maxPerIp);
  const wait = waitSeconds(
    Math.max(slowed, untilBelowLimit(pair, maxPerAccountAndIp, windowSeconds), untilBelowLimit(byIp, maxPerIp, windowSeconds)),
  );
  if (wait > 0) throw new TooManyRequests(`Too many sign-in attempts. ${tryAgain(wait)}`, wait);
}

/** Seconds until the account's failures from everywhere drop below the hourly limit; 0 when they are below it. */
export async function accountLockSeconds(db: Executor, email: string): Promise<number> {
  const { accountWindowSeconds, maxPerAccount } = LOGIN_THROTTLE;
  return waitSeconds(
    untilBelowLimit(
      await failureAges(db, eq(loginAttempts.email, email), accountWindowSeconds, maxPerAccount),
      maxPerAccount,
      accountWindowSeconds,
    ),
  );
}

/** The 429 of an account refused for everyone: the same answer whatever the password (code ACCOUNT_LOCKED). */
export const accountLocked = (wait: number) =>
  new TooManyRequests(
    `Too many failed sign-ins for this account. ${tryAgain(wait)} You can also reset your password.`,
    wait,
    ERROR_CODES.accountLocked,
  );

/** Records one failed sign-in and prunes failures that left every window (cheap: indexed by time). */
export async function recordLoginFailure(db: Executor, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip });
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, sql`now() - make_interval(secs => ${LOGIN_THROTTLE.accountWindowSeconds})`));
}

/** Forgets this address's failures for the account after it signed in from there (other addresses keep theirs). */
export async function clearAddressFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
}

/** Forgets every failure of an account: its owner proved control (a password-reset link). */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
