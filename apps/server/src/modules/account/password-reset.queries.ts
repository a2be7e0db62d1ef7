import { RESET_LINK_TTL_MINUTES } from '@sms/contracts/password-reset';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';

const stillValid = and(isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`));

/** Ends every outstanding reset link of a user (a newer link, or the password was just reset). */
export async function expireResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), stillValid));
}

/** Stores a new link (its hash) valid for 30 minutes, replacing the user's earlier ones. */
export async function insertResetToken(db: Executor, userId: string, tokenHash: string): Promise<void> {
  await expireResetTokens(db, userId);
  await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_TTL_MINUTES})` });
}

/**
 * Uses a link: marks it used if it is unused and unexpired, in one statement (two simultaneous
 * uses cannot both succeed). Answers the user id, or undefined for a bad, used or expired link.
 */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), stillValid))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
