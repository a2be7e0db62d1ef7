import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';
import { loginAttempts } from '../../../db/schema.ts';
import { ERROR_CODES } from '@sms/contracts/errors';
import { TooManyRequests } from '../../../platform/errors.ts';
import { clearEvents, eventAges, recordEvents, type ThrottleRule } from '../../../platform/throttle.ts';

/**
 * Sign-in throttling (OWASP ASVS 2.2.1; OWASP "Blocking Brute Force Attacks"; decisions 031 and
 * 076), counted in the database so every API process sees the same counts, and never a lock for
 * good:
 * - a device that signed in to the account before (its device cookie, device-cookie.ts) is judged
 *   on its own failures only: slowed after 3 (each try waits 2 s, doubling), refused after 10 in
 *   15 minutes -- failures from anywhere else never hold it up;
 * - without one, an address failing for an account is slowed and refused the same way, for that
 *   account from that address only, so nobody can lock someone else out from their own address;
 * - an address failing for many accounts is refused past 20 failures in 15 minutes;
 * - an account failing from everywhere makes every try without its device cookie wait: after 20
 *   failures in an hour (more than one address may fail in 15 minutes), 1 s after the newest one,
 *   doubling with each further failure, at most 5 minutes. A device cookie or a password-reset
 *   link signs its owner in meanwhile.
 * Unknown accounts are counted exactly like real ones, so no answer tells them apart.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures of one address (or one known device) for one account before each further try waits. */
  freePerAccountAndIp: 3,
  /** Failures of one address (or one known device) for one account in the window that refuse it. */
  maxPerAccountAndIp: 10,
  maxPerIp: 20,
  accountWindowSeconds: 60 * 60,
  /** Failures for one account from everywhere in an hour before tries without its device cookie wait. */
  freePerAccount: 20,
  /** The longest of those waits. */
  maxAccountDelaySeconds: 5 * 60,
} as const;

/** A known device's failures (throttle_events; subject: the device's id). */
const DEVICE_FAILURES: ThrottleRule = {
  bucket: 'sign-in-device',
  windowSeconds: LOGIN_THROTTLE.windowSeconds,
  max: LOGIN_THROTTLE.maxPerAccountAndIp,
};

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

/** Seconds until one address's (or one device's) next try, from the ages of its newest failures for an account. */
function pairWait(ages: number[]): number {
  const { windowSeconds, maxPerAccountAndIp } = LOGIN_THROTTLE;
  const slowed = ages.length > 0 && ages.length < maxPerAccountAndIp ? slowDownSeconds(ages.length) - ages[0]! : 0;
  return Math.max(slowed, untilBelowLimit(ages, maxPerAccountAndIp, windowSeconds));
}

const tooManyAttempts = (wait: number) => new TooManyRequests(`Too many sign-in attempts. ${tryAgain(wait)}`, wait);

/** Throws 429 (with the wait) when this address is slowed or refused for this account, or refused for every account. */
export async function assertLoginAllowed(db: Executor, email: string, ip: string): Promise<void> {
  const { windowSeconds, maxPerAccountAndIp, maxPerIp } = LOGIN_THROTTLE;
  const pair = await failureAges(db, and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)), windowSeconds, maxPerAccountAndIp);
  const byIp = await failureAges(db, eq(loginAttempts.ip, ip), windowSeconds, maxPerIp);
  const wait = waitSeconds(Math.max(pairWait(pair), untilBelowLimit(byIp, maxPerIp, windowSeconds)));
  if (wait > 0) throw tooManyAttempts(wait);
}

/** Throws 429 (with the wait) when a known device is slowed or refused by its own failures. */
export async function assertDeviceAllowed(db: Executor, device: string): Promise<void> {
  const wait = waitSeconds(pairWait(await eventAges(db, DEVICE_FAILURES, device, LOGIN_THROTTLE.maxPerAccountAndIp)));
  if (wait > 0) throw tooManyAttempts(wait);
}

/** The wait after `failures` of an account from everywhere in the hour: none below 20, then 1 s, doubling, at most 5 minutes. */
export const accountDelaySeconds = (failures: number): number =>
  failures < LOGIN_THROTTLE.freePerAccount
    ? 0
    : Math.min(LOGIN_THROTTLE.maxAccountDelaySeconds, 2 ** (failures - LOGIN_THROTTLE.freePerAccount));

// Past this many failures the delay is at its longest, so no more need counting.
const ACCOUNT_FAILURES_COUNTED = LOGIN_THROTTLE.freePerAccount + Math.ceil(Math.log2(LOGIN_THROTTLE.maxAccountDelaySeconds)) + 1;

/** Throws 429 ACCOUNT_LOCKED (with the wait) while tries at this account without its device cookie must wait. */
export async function assertAccountNotDelayed(db: Executor, email: string): Promise<void> {
  const ages = await failureAges(db, eq(loginAttempts.email, email), LOGIN_THROTTLE.accountWindowSeconds, ACCOUNT_FAILURES_COUNTED);
  const wait = waitSeconds(ages.length > 0 ? accountDelaySeconds(ages.length) - ages[0]! : 0);
  if (wait > 0) throw accountDelayed(wait);
}

/** The 429 of an account whose tries wait: the same answer whatever the password (code ACCOUNT_LOCKED, which the web app explains). */
const accountDelayed = (wait: number) =>
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

/** Records one failed sign-in of a known device (it counts for that device only). */
export const recordDeviceFailure = (db: Executor, device: string) => recordEvents(db, [[DEVICE_FAILURES, device]]);

/** Forgets a known device's failures after it signed in. */
export const clearDeviceFailures = (db: Executor, device: string) => clearEvents(db, DEVICE_FAILURES, device);

/** Forgets this address's failures for the account after it signed in from there (other addresses keep theirs). */
export async function clearAddressFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
}

/** Forgets every failure of an account: its owner proved control (a password-reset link). */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
