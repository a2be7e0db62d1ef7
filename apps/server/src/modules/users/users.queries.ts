import type { ListUsersQuery } from '@sms/contracts/users';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { escapeLike } from '../../db/escape-like.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const notDeleted = isNull(users.deletedAt);

// Any fixed number shared by every process: serialises first-admin setup and admin demotions.
const MEMBERSHIP_LOCK_KEY = 7_310_002;

/** Takes the transaction-scoped lock that serialises changes to who is (the first / last) admin. */
export async function lockMembership(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBERSHIP_LOCK_KEY})`);
}

/** A live (not deleted) user by id. */
export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  return row;
}

/** A live user by email, case-insensitively (matches the lower(email) unique index). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, notDeleted));
  return row;
}

/** Whether any account was ever created (deleted ones included): decides first-admin setup. */
export async function anyUserExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** Active, live admins (who hear about the installation's own troubles, e.g. a webhook turned off). */
export async function listActiveAdmins(db: Executor): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), notDeleted));
}

/** Active, live admins other than `exceptId`: the last-admin guard counts these. */
export async function countOtherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), notDeleted, ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Inserts a user and returns the stored row. */
export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Applies a partial change (optionally bumping the token version) and returns the new row. */
export async function updateUserRow(db: Executor, id: string, patch: Partial<NewUserRow>, bumpTokenVersion: boolean): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()`, ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(and(eq(users.id, id), notDeleted))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/** Stamps a successful sign-in. */
export async function touchLastLogin(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Soft delete: marks the row deleted and disabled and revokes its tokens; the email becomes free. */
export async function softDeleteUser(db: Executor, id: string): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: sql`now()`, status: 'disabled', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), notDeleted));
}

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

/** One page of live users matching the filters, plus the total count of matches. */
export async function listUsers(db: Executor, query: ListUsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  const filters: SQL[] = [notDeleted];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const search = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (search) filters.push(search);
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.status) filters.push(eq(users.status, query.status));
  const where = and(...filters);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // NULLS LAST keeps never-signed-in users at the end either way; id makes paging stable.
      .orderBy(sql`${direction(column)} nulls last`, asc(users.id))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Revokes every token issued so far for this user (logout). */
export async function bumpTokenVersion(db: Executor, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}
