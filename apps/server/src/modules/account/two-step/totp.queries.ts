import { and, eq, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users, userTotp } from '../../../db/schema.ts';
import { deleteRecoveryCodes } from './recovery-codes.ts';

export type TotpRow = typeof userTotp.$inferSelect;

/** A user's TOTP row (active secret and/or an enrolment in progress). */
export async function findTotp(db: Executor, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** Starts (or restarts) an enrolment: the secret waits until a code confirms it. */
export async function setPendingSecret(db: Executor, userId: string, secret: string): Promise<void> {
  await db
    .insert(userTotp)
    .values({ userId, pendingSecret: secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: secret, updatedAt: sql`now()` } });
}

/** The pending secret becomes the active one (its first code's step counts as used). */
export async function activatePendingSecret(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ secret: sql`${userTotp.pendingSecret}`, pendingSecret: null, lastStep: step, updatedAt: sql`now()` })
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.pendingSecret)))
    .returning({ userId: userTotp.userId });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ twoStepEnabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return true;
}

/**
 * Records the time step of an accepted code, only if it is later than the last one: of two
 * requests racing with the same code, exactly one wins.
 */
export async function recordUsedStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, updatedAt: sql`now()` })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/** Turns two-step verification off for a user: secret, enrolment and recovery codes go. */
export async function removeTwoStep(db: Executor, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await deleteRecoveryCodes(db, userId);
  await db
    .update(users)
    .set({ twoStepEnabledAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
