import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@sms/contracts/two-step';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { recoveryCodes } from '../../../db/schema.ts';
import { sha256Hex } from '../secret-tokens.ts';

// No 0/o, 1/l/i: codes are read off paper. 31 symbols x 10 = about 50 random bits per code.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new codes like `k7m2q-x9tfa`. */
export function generateRecoveryCodes(): string[] {
  const pick = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${pick()}-${pick()}`);
}

/** A typed code made comparable: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Replaces a user's codes with a new set (only hashes are kept). */
export async function replaceRecoveryCodes(db: Executor, userId: string, codes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256Hex(normaliseRecoveryCode(code)) })));
}

/** Uses a code if it is one of the user's unused ones (one statement: it cannot be used twice). */
export async function useRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  const hash = sha256Hex(normaliseRecoveryCode(code));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      eq(
        recoveryCodes.id,
        sql`(select ${recoveryCodes.id} from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.codeHash} = ${hash} and ${recoveryCodes.usedAt} is null limit 1)`,
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Unused codes left. */
export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Forgets every code of a user (two-step verification turned off or reset). */
export async function deleteRecoveryCodes(db: Executor, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
