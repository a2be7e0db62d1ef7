import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userAvatars, users } from '../../db/schema.ts';

export type AvatarRow = typeof userAvatars.$inferSelect;

/** Stores a picture once (content-addressed) and makes it the user's. */
export async function setUserAvatar(db: Executor, userId: string, avatar: { id: string; bytes: Buffer } | null): Promise<void> {
  if (avatar) await db.insert(userAvatars).values({ id: avatar.id, mime: 'image/webp', bytes: avatar.bytes }).onConflictDoNothing();
  await db
    .update(users)
    .set({ avatarId: avatar?.id ?? null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  // Pictures nobody uses any more go (the same picture may be shared by two accounts).
  await db.execute(sql`delete from ${userAvatars} where not exists (select 1 from ${users} where ${users.avatarId} = ${userAvatars.id})`);
}

/** One stored picture. */
export async function findAvatar(db: Executor, id: string): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.id, id));
  return row;
}
