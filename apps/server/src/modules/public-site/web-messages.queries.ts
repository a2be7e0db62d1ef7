import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface WebMessageRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  body: string;
  created_at: Date | string;
  replied_at: Date | string | null;
  reply_body: string | null;
  reply_channel: 'sms' | 'email' | null;
  reply_status: 'queued' | 'sent' | 'failed' | null;
}

const COLUMNS = sql.raw('id, name, phone, email, body, created_at, replied_at, reply_body, reply_channel, reply_status');

/** Stores a contact-form message. */
export async function insertWebMessage(
  db: Executor,
  values: { name: string; phone: string | null; email: string | null; body: string; ip: string; userAgent: string | null },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into web_messages (name, phone, email, body, ip, user_agent)
        values (${values.name}, ${values.phone}, ${values.email}, ${values.body}, ${values.ip}, ${values.userAgent}) returning id`,
  );
  if (!row) throw new Error('insert into web_messages returned no row');
  return row.id;
}

/** One page of contact-form messages, newest first, and how many there are. */
export async function listWebMessages(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: WebMessageRow[]; total: number }> {
  const rows = await queryRows<WebMessageRow>(
    db,
    sql`select ${COLUMNS} from web_messages
        order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from web_messages`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One contact-form message, locked for answering. */
export async function lockWebMessage(db: Executor, id: string): Promise<WebMessageRow | undefined> {
  const [row] = await queryRows<WebMessageRow>(db, sql`select ${COLUMNS} from web_messages where id = ${id} for update`);
  return row;
}

/** A web message by id (no lock): what the reply route loads before it authorizes (404 first). */
export async function findWebMessage(db: Executor, id: string): Promise<WebMessageRow | undefined> {
  const [row] = await queryRows<WebMessageRow>(db, sql`select ${COLUMNS} from web_messages where id = ${id}`);
  return row;
}

/** Whether a number belongs to a contact who opted out. */
export async function isOptedOut(db: Executor, phone: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from contacts where phone = ${phone} and status = 'opted_out'`);
  return rows.length > 0;
}

/** Queues the answer (a one-off 'notice': not part of any contact's campaign history) and records it on the web message. */
export async function recordWebReply(
  db: Executor,
  input: { id: string; gatewayId: string; phone: string; body: string; actorId: string },
): Promise<void> {
  const [message] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into messages (kind, gateway_id, phone, body, created_by) values ('notice', ${input.gatewayId}, ${input.phone}, ${input.body}, ${input.actorId}) returning id`,
  );
  await db.execute(sql`update web_messages set replied_at = now(), reply_body = ${input.body}, replied_by = ${input.actorId},
    reply_message_id = ${message?.id ?? null}, reply_channel = 'sms', reply_status = 'sent', read_at = coalesce(read_at, now())
    where id = ${input.id}`);
}

/** Records an e-mail answer as queued: the mail job sends it after commit (the row is the job's work). */
export async function recordEmailReply(db: Executor, input: { id: string; body: string; actorId: string }): Promise<void> {
  await db.execute(sql`update web_messages set replied_at = now(), reply_body = ${input.body}, replied_by = ${input.actorId},
    reply_message_id = null, reply_channel = 'email', reply_status = 'queued', read_at = coalesce(read_at, now())
    where id = ${input.id}`);
}

/** An e-mail answer waiting for SMTP, with what the mail needs. */
export interface QueuedEmailReply {
  id: string;
  name: string;
  email: string;
  body: string;
  reply_body: string;
}

/** E-mail answers still queued, oldest first (at most `limit`); one job runs at a time (a `stately` queue). */
export async function listQueuedEmailReplies(db: Executor, limit: number): Promise<QueuedEmailReply[]> {
  return queryRows<QueuedEmailReply>(
    db,
    sql`select id, name, email, body, reply_body from web_messages
        where reply_status = 'queued' and reply_channel = 'email' and email is not null
        order by replied_at limit ${limit}`,
  );
}

/** Marks an e-mail answer sent or failed, unless it was answered again meanwhile (the body differs). */
export async function markEmailReply(db: Executor, id: string, replyBody: string, status: 'sent' | 'failed'): Promise<void> {
  await db.execute(sql`update web_messages set reply_status = ${status}
    where id = ${id} and reply_channel = 'email' and reply_body = ${replyBody}`);
}

/** A new contact-form message the admins have not been told of. */
export interface UnnotifiedWebMessage {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  body: string;
  created_at: Date | string;
}

/**
 * The contact-form messages the admins have not been told of: the oldest `limit`, how many there
 * are, and the newest one's time (the digest covers every message up to it).
 */
export async function listUnnotified(
  db: Executor,
  limit: number,
): Promise<{ rows: UnnotifiedWebMessage[]; total: number; until: string | null }> {
  const rows = await queryRows<UnnotifiedWebMessage>(
    db,
    sql`select id, name, phone, email, body, created_at from web_messages where admins_notified_at is null
        order by created_at, id limit ${limit}`,
  );
  // As text: a JavaScript Date would drop the microseconds and miss the newest message.
  const [count] = await queryRows<{ n: number | string; until: string | null }>(
    db,
    sql`select count(*) as n, max(created_at)::text as until from web_messages where admins_notified_at is null`,
  );
  return { rows, total: Number(count?.n ?? 0), until: count?.until ?? null };
}

/** When the admins were last told of new messages (null: never). */
export async function lastAdminNotice(db: Executor): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(db, sql`select max(admins_notified_at) as at from web_messages`);
  return row?.at ? new Date(row.at) : null;
}

/** Marks every message created up to `upTo` (a timestamp as the database wrote it) as told to the admins. */
export async function markAdminsNotified(db: Executor, upTo: string): Promise<void> {
  await db.execute(sql`update web_messages set admins_notified_at = now()
    where admins_notified_at is null and created_at <= ${upTo}::timestamptz`);
}

/** The addresses of active administrators (who are told of new contact-form messages). */
export async function adminRecipients(db: Executor): Promise<Array<{ email: string; locale: string }>> {
  return queryRows(
    db,
    sql`select email, locale from users where role = 'admin' and status = 'active' and deleted_at is null order by email`,
  );
}
