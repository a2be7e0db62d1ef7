import { CHALLENGE_MAX_FAILURES, CHALLENGE_TTL_SECONDS } from '@sms/contracts/two-step';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { loginChallenges } from '../../../db/schema.ts';

export type ChallengeRow = typeof loginChallenges.$inferSelect;

const live = and(isNull(loginChallenges.consumedAt), gt(loginChallenges.expiresAt, sql`now()`));

/** Stores a challenge (by its token's hash) and forgets ones that ended a day ago. */
export async function insertChallenge(
  db: Executor,
  values: { userId: string; tokenHash: string; purpose: 'verify' | 'enrol'; tokenVersion: number },
): Promise<ChallengeRow> {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now() - interval '1 day'`));
  const [row] = await db
    .insert(loginChallenges)
    .values({ ...values, expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_SECONDS})` })
    .returning();
  if (!row) throw new Error('insert into login_challenges returned no row');
  return row;
}

/** A challenge that is neither used up nor expired. */
export async function findLiveChallenge(db: Executor, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), live));
  return row;
}

/** Counts a wrong code; the challenge is used up at the limit (the user signs in again). */
export async function recordChallengeFailure(db: Executor, id: string): Promise<void> {
  await db
    .update(loginChallenges)
    .set({
      failures: sql`${loginChallenges.failures} + 1`,
      consumedAt: sql`case when ${loginChallenges.failures} + 1 >= ${CHALLENGE_MAX_FAILURES} then now() else ${loginChallenges.consumedAt} end`,
    })
    .where(eq(loginChallenges.id, id));
}

/** Uses a live challenge up; false when it was already (two requests cannot both complete it). */
export async function consumeChallenge(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, id), live))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Keeps the hash of the SMS code sent for a challenge. */
export async function setChallengeSmsCode(db: Executor, id: string, codeHash: string): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ smsCodeHash: codeHash, smsSentAt: sql`now()` })
    .where(eq(loginChallenges.id, id));
}
