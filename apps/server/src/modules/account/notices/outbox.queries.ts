import type { EmailKind } from '@sms/contracts/email-log';
import { count, desc, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';
import { recordUnsent } from '../../email-log/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

// Long enough for an admin to pass a message on; the links inside die within 30 minutes anyway.
const KEEP_DAYS = 7;

/** Keeps an undelivered account message for admins, and forgets week-old ones; the e-mail log notes it (no body). */
export async function insertOutboxEntry(
  db: Executor,
  entry: { userId: string | null; recipient: string; subject: string; body: string },
  kind: EmailKind,
): Promise<void> {
  await db.insert(mailOutbox).values(entry);
  await recordUnsent(db, { kind, recipient: entry.recipient, userId: entry.userId, subject: entry.subject, body: null });
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
}

/** One page of the outbox, newest first, and the total. */
export async function listOutbox(db: Executor, page: { limit: number; skip: number }): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(page.limit).offset(page.skip),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { rows, total: total?.n ?? 0 };
}
