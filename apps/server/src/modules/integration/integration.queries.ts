import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';

/** A message of kind 'api' as the integration API reads it. */
export interface ApiMessageRow {
  id: string | number;
  phone: string;
  status: string;
  encoding: string | null;
  segments: number | null;
  priority: number;
  reference: string | null;
  contact_id: string | null;
  queued_at: Date | string;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
  error_code: string | null;
  error_text: string | null;
  reply_text: string | null;
  replied_at: Date | string | null;
  attempts: number;
}

const COLUMNS = sql`id, phone, status, encoding, segments, priority, reference, contact_id, queued_at, next_attempt_at, sent_at,
  delivered_at, failed_at, error_code, error_text, reply_text, replied_at, attempts`;

/** Queues messages of kind 'api' (one-offs: no campaign) in one statement; answers them in input order. */
export async function insertApiMessages(
  db: Executor,
  rows: Array<{
    apiKeyId: string;
    contactId: string;
    gatewayId: string;
    phone: string;
    senderId: string | null;
    body: string;
    encoding: string;
    segments: number;
    priority: number;
    reference: string | null;
    scheduledAt: string | null;
  }>,
): Promise<ApiMessageRow[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  return queryRows<ApiMessageRow>(
    db,
    sql`insert into messages (kind, api_key_id, contact_id, gateway_id, phone, sender_id, body, encoding, segments, priority, reference, next_attempt_at)
        select 'api', r.key_id, r.contact_id, r.gateway_id, r.phone, r.sender_id, r.body, r.encoding, r.segments, r.priority, r.reference, r.scheduled_at
        from unnest(${column((r) => r.apiKeyId)}::uuid[], ${column((r) => r.contactId)}::uuid[], ${column((r) => r.gatewayId)}::uuid[],
                    ${column((r) => r.phone)}::text[], ${column((r) => r.senderId)}::text[], ${column((r) => r.body)}::text[],
                    ${column((r) => r.encoding)}::text[], ${column((r) => r.segments)}::smallint[], ${column((r) => r.priority)}::smallint[],
                    ${column((r) => r.reference)}::text[], ${column((r) => r.scheduledAt)}::timestamptz[])
             with ordinality as r(key_id, contact_id, gateway_id, phone, sender_id, body, encoding, segments, priority, reference, scheduled_at, n)
        order by r.n
        returning ${COLUMNS}`,
  );
}

/** One API message of a key. */
export async function findApiMessage(db: Executor, apiKeyId: string, id: string): Promise<ApiMessageRow | undefined> {
  const [row] = await queryRows<ApiMessageRow>(
    db,
    sql`select ${COLUMNS} from messages where id = ${id} and api_key_id = ${apiKeyId} and kind = 'api'`,
  );
  return row;
}

/** A key's API messages, newest first, after a cursor (an id), filtered. */
export async function listApiMessages(
  db: Executor,
  apiKeyId: string,
  filter: {
    status?: string | undefined;
    reference?: string | undefined;
    since?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<ApiMessageRow[]> {
  return queryRows<ApiMessageRow>(
    db,
    sql`select ${COLUMNS} from messages
        where api_key_id = ${apiKeyId} and kind = 'api'
          ${filter.status ? sql`and status = ${filter.status}` : sql``}
          ${filter.reference ? sql`and reference = ${filter.reference}` : sql``}
          ${filter.since ? sql`and queued_at >= ${filter.since}::timestamptz` : sql``}
          ${filter.cursor ? sql`and id < ${filter.cursor}::bigint` : sql``}
        order by id desc limit ${filter.limit}`,
  );
}

/** The stored first answer to an Idempotency-Key of a key within 24 hours (older ones are forgotten first). */
export async function findIdempotentAnswer(
  db: Executor,
  apiKeyId: string,
  key: string,
): Promise<{ request_hash: string; status_code: number; response: unknown } | undefined> {
  await db.execute(
    sql`delete from api_idempotency where api_key_id = ${apiKeyId} and idempotency_key = ${key} and created_at <= now() - interval '24 hours'`,
  );
  const [row] = await queryRows<{ request_hash: string; status_code: number; response: unknown }>(
    db,
    sql`select request_hash, status_code, response from api_idempotency where api_key_id = ${apiKeyId} and idempotency_key = ${key}`,
  );
  return row;
}

/**
 * Reserves an Idempotency-Key before acting (status 0: in progress), so two requests racing with
 * the same key cannot both send; false when another request holds it already.
 */
export async function reserveIdempotencyKey(
  db: Executor,
  values: { apiKeyId: string; key: string; requestHash: string },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into api_idempotency (api_key_id, idempotency_key, request_hash, status_code, response)
        values (${values.apiKeyId}, ${values.key}, ${values.requestHash}, 0, 'null'::jsonb)
        on conflict (api_key_id, idempotency_key) do nothing returning 1`,
  );
  return rows.length > 0;
}

/** Keeps the first answer to a reserved Idempotency-Key. */
export async function storeIdempotentAnswer(
  db: Executor,
  values: { apiKeyId: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await db.execute(sql`update api_idempotency set status_code = ${values.statusCode}, response = ${JSON.stringify(values.response)}::jsonb
    where api_key_id = ${values.apiKeyId} and idempotency_key = ${values.key}`);
}

/** Lets a key go again after its request failed (nothing was done: the client may retry). */
export async function releaseIdempotencyKey(db: Executor, apiKeyId: string, key: string): Promise<void> {
  await db.execute(sql`delete from api_idempotency where api_key_id = ${apiKeyId} and idempotency_key = ${key} and status_code = 0`);
}

/** A contact as sending needs it. */
export interface RecipientRow {
  id: string;
  phone: string;
  status: 'active' | 'opted_out';
}

/**
 * The contacts of these E.164 numbers, creating the missing ones (source 'api', active) in one
 * statement; a number another request creates meanwhile is read back, not duplicated.
 */
export async function ensureRecipients(db: Executor, phones: string[]): Promise<Map<string, RecipientRow>> {
  if (phones.length === 0) return new Map();
  const unique = [...new Set(phones)];
  await db.execute(sql`insert into contacts (phone, source)
    select p, 'api' from unnest(${sql.param(unique)}::text[]) as p
    on conflict do nothing`);
  const rows = await queryRows<RecipientRow>(
    db,
    sql`select id, phone, status from contacts where phone = any(${sql.param(unique)}::text[])`,
  );
  return new Map(rows.map((row) => [row.phone, row]));
}

/** Contacts in id order (time-ordered ids) after a cursor, filtered by status or exact E.164. */
export async function listContactsPage(
  db: Executor,
  filter: { status?: 'active' | 'opted_out' | undefined; phone?: string | undefined; cursor?: string | undefined; limit: number },
) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(contacts.status, filter.status));
  if (filter.phone) where.push(eq(contacts.phone, filter.phone));
  if (filter.cursor) where.push(gt(contacts.id, filter.cursor));
  return db
    .select()
    .from(contacts)
    .where(and(...where))
    .orderBy(asc(contacts.id))
    .limit(filter.limit);
}

/**
 * Integration API messages queued since each of `starts` (ascending), by status, and how many
 * were replied to: the one count of API messages (the dashboard adds them to its campaign
 * figures). Reads the partial index on queued_at of kind 'api' only.
 */
export async function apiMessageCountsSince(
  db: Executor,
  starts: Date[],
): Promise<Array<{ byStatus: Map<string, number>; replied: number }>> {
  const oldest = starts[0];
  if (!oldest) return [];
  const rows = await queryRows<{ status: string; queued_at: Date | string; n: number; replied: number }>(
    db,
    sql`select status, date_trunc('minute', queued_at) as queued_at, count(*)::int as n, count(replied_at)::int as replied
        from messages where kind = 'api' and queued_at >= ${oldest.toISOString()}::timestamptz
        group by 1, 2`,
  );
  return starts.map((start) => {
    const byStatus = new Map<string, number>();
    let replied = 0;
    for (const row of rows) {
      if (new Date(row.queued_at) < start) continue;
      byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + row.n);
      replied += row.replied;
    }
    return { byStatus, replied };
  });
}
