import type { Locale } from '@sms/contracts/locales';
import type { Preferences } from '@sms/contracts/preferences';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../users/index.ts';

/**
 * Merges the preferences sent into the stored ones (jsonb ||: only the keys sent change, so two
 * tabs saving different choices do not undo each other) and sets the language when given.
 */
export async function savePreferences(
  db: Executor,
  userId: string,
  chosen: Partial<Preferences>,
  locale: Locale | undefined,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || ${JSON.stringify(chosen)}::jsonb`,
      ...(locale ? { locale } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished while saving preferences`);
  return row;
}
