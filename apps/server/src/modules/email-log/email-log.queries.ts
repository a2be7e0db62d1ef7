import { EMAIL_ERROR_NO_SMTP, type EmailKind, type EmailLogQuery, type EmailStatus } from '@sms/contracts/email-log';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { emailLog } from '../../db/schema.ts';

export type EmailLogRow = typeof emailLog.$inferSelect;

interface NewAttempt {
  kind: EmailKind;
  ref: string | null;
  recipient: string;
  userId: string | null;
  subject: string;
  body: string | null;
}

/**
 * Records a try about to be made: a new row (pending, 1 attempt), or, for an e-mail with a `ref`
 * tried before, the same row with one more attempt. Answers the row's id.
 */
export async function beginAttempt(db: Executor, mail: NewAttempt): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(
    db,
    sql`insert into email_log (kind, ref, recipient, user_id, subject, body, status, attempts, last_attempt_at)
        values (${mail.kind}, ${mail.ref}, ${mail.recipient}, ${mail.userId}, ${mail.subject}, ${mail.body}, 'pending', 1, now())
        on conflict (kind, ref) where ref is not null do update
          set attempts = email_log.attempts + 1, status = 'pending', recipient = excluded.recipient,
              subject = excluded.subject, body = excluded.body, last_attempt_at = now()
        returning id`,
  );
  return Number(row?.id);
}

/** The outcome of a try: sent (with the server's answer) or failed (its answer, or the error). */
export async function recordOutcome(
  db: Executor,
  id: number,
  outcome: { status: Exclude<EmailStatus, 'pending'>; smtpResponse: string | null; error: string | null },
): Promise<void> {
  await db
    .update(emailLog)
    .set({
      status: outcome.status,
      smtpResponse: outcome.smtpResponse,
      error: outcome.error,
      ...(outcome.status === 'sent' ? { sentAt: sql`now()` } : {}),
    })
    .where(eq(emailLog.id, id));
}

/** An e-mail that could not be tried: no SMTP server is configured (it went to the admins' outbox). */
export async function recordUnsent(
  db: Executor,
  mail: { kind: EmailKind; recipient: string; userId: string | null; subject: string; body: string | null },
): Promise<void> {
  await db.insert(emailLog).values({ ...mail, status: 'failed', attempts: 0, error: EMAIL_ERROR_NO_SMTP });
}

const filters = (query: EmailLogQuery): SQL | undefined =>
  and(
    query.kind ? eq(emailLog.kind, query.kind) : undefined,
    query.status ? eq(emailLog.status, query.status) : undefined,
    query.search ? sql`lower(${emailLog.recipient}) like ${`%${escapeLike(query.search.toLowerCase())}%`}` : undefined,
  );

/** One page of the log, newest first, and the total under the filters. */
export async function listEmailLog(db: Executor, query: EmailLogQuery): Promise<{ rows: EmailLogRow[]; total: number }> {
  const where = filters(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(emailLog).where(where).orderBy(desc(emailLog.id)).limit(query.limit).offset(query.skip),
    db.select({ n: count() }).from(emailLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One entry by id. */
export async function findEmailLogEntry(db: Executor, id: number): Promise<EmailLogRow | undefined> {
  const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id));
  return row;
}

/** Retention: entries older than `days` go, at most `batch` per call. Answers how many. */
export async function deleteOldEmailLog(db: Executor, days: number, batch: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from email_log where id in (
          select id from email_log where created_at < now() - make_interval(days => ${days}) limit ${batch})
        returning 1`,
  );
  return rows.length;
}

/** Retention of texts: bodies older than `days` are cleared (subject, status and answer stay). */
export async function clearOldEmailBodies(db: Executor, days: number, batch: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update email_log set body = null where id in (
          select id from email_log where body is not null and created_at < now() - make_interval(days => ${days}) limit ${batch})
        returning 1`,
  );
  return rows.length;
}
