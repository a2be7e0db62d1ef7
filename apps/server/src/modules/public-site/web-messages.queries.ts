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
}

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
    sql`select id, name, phone, email, body, created_at, replied_at, reply_body from web_messages
        order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from web_messages`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One contact-form message, locked for answering. */
export async function lockWebMessage(db: Executor, id: string): Promise<WebMessageRow | undefined> {
  const [row] = await queryRows<WebMessageRow>(
    db,
    sql`select id, name, phone, email, body, created_at, replied_at, reply_body from web_messages where id = ${id} for update`,
  );
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
    reply_message_id = ${message?.id ?? null}, read_at = coalesce(read_at, now()) where id = ${input.id}`);
}
