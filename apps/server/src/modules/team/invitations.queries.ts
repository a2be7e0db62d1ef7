import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { userInvitations } from '../../db/schema.ts';

export type InvitationRow = typeof userInvitations.$inferSelect;

const open = and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt));

/** Stores a new invitation (its token's hash), expiring in `hours`. */
export async function insertInvitation(
  db: Executor,
  values: { email: string; name: string; role: InvitationRow['role']; tokenHash: string; invitedBy: string },
  hours: number,
): Promise<InvitationRow> {
  const [row] = await db
    .insert(userInvitations)
    .values({ ...values, expiresAt: sql`now() + make_interval(hours => ${hours})` })
    .returning();
  if (!row) throw new Error('insert into user_invitations returned no row');
  return row;
}

/** An invitation not accepted or revoked yet, by id. */
export async function findOpenInvitation(db: Executor, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.id, id), open));
  return row;
}

/** The open invitation to an address, if any. */
export async function findOpenInvitationByEmail(db: Executor, email: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(userInvitations)
    .where(and(sql`lower(${userInvitations.email}) = lower(${email})`, open));
  return row;
}

/** The invitation a link's token hash belongs to (whatever its state), locked when `forUpdate`. */
export async function findInvitationByTokenHash(db: Executor, tokenHash: string, forUpdate = false): Promise<InvitationRow | undefined> {
  const query = db.select().from(userInvitations).where(eq(userInvitations.tokenHash, tokenHash));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A new link for an open invitation: the old one stops working, and the time starts again. */
export async function renewInvitationToken(db: Executor, id: string, tokenHash: string, hours: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set({ tokenHash, sentAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${hours})` })
    .where(and(eq(userInvitations.id, id), open))
    .returning();
  return row;
}

/** Withdraws an open invitation. */
export async function revokeInvitation(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(userInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userInvitations.id, id), open))
    .returning({ id: userInvitations.id });
  return rows.length > 0;
}

/** Marks an invitation accepted by the account it created. */
export async function markAccepted(db: Executor, id: string, userId: string): Promise<void> {
  await db
    .update(userInvitations)
    .set({ acceptedAt: sql`now()`, acceptedUserId: userId })
    .where(eq(userInvitations.id, id));
}

/** Whether the database's clock has passed the invitation's expiry. */
export async function isExpired(db: Executor, row: InvitationRow): Promise<boolean> {
  const [result] = await queryRows<{ expired: boolean }>(db, sql`select ${row.expiresAt.toISOString()}::timestamptz <= now() as expired`);
  return Boolean(result?.expired);
}
