import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import type { AuditActor } from '../../platform/audit.ts';

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
  status_callback: string | null;
}

const COLUMNS = sql`id, phone, status, encoding, segments, priority, reference, contact_id, queued_at, next_attempt_at, sent_at,
  delivered_at, failed_at, error_code, error_text, reply_text, replied_at, attempts, status_callback`;

/** A message of kind 'api' to queue (one-offs: no campaign); its contact comes from the send. */
export interface ApiMessageInput {
  apiKeyId: string;
  gatewayId: string;
  phone: string;
  senderId: string | null;
  body: string;
  encoding: string;
  segments: number;
  priority: number;
  reference: string | null;
  scheduledAt: string | null;
  statusCallback: string | null;
}

/** Who the audit entry of a send names (like recordAudit: the actor copied). */
export interface ApiSendAudit {
  actor: AuditActor;
  ip: string;
  apiKeyId: string;
}

/** The items as rows `input(key_id, contact_id, gateway_id, phone, ..., n)`, n their order. */
function inputRows(rows: Array<ApiMessageInput & { contactId: string | null }>): SQL {
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  return sql`input as (
    select * from unnest(${column((r) => r.apiKeyId)}::uuid[], ${column((r) => r.contactId)}::uuid[], ${column((r) => r.gatewayId)}::uuid[],
                         ${column((r) => r.phone)}::text[], ${column((r) => r.senderId)}::text[], ${column((r) => r.body)}::text[],
                         ${column((r) => r.encoding)}::text[], ${column((r) => r.segments)}::smallint[], ${column((r) => r.priority)}::smallint[],
                         ${column((r) => r.reference)}::text[], ${column((r) => r.scheduledAt)}::timestamptz[],
                         ${column((r) => r.statusCallback)}::text[])
      with ordinality as r(key_id, contact_id, gateway_id, phone, sender_id, body, encoding, segments, priority, reference, scheduled_at,
                           status_callback, n))`;
}

/**
 * CTEs queueing the rows of `ready` (input rows with their contact) as `inserted`, and, when any,
 * their audit entry (`message.api_send`, the count and the first 100 ids) as `audited`.
 */
function insertReady(audit: ApiSendAudit): SQL {
  return sql`inserted as (
      insert into messages (kind, api_key_id, contact_id, gateway_id, phone, sender_id, body, encoding, segments, priority, reference, next_attempt_at,
                            status_callback)
      select 'api', r.key_id, r.contact_id, r.gateway_id, r.phone, r.sender_id, r.body, r.encoding, r.segments, r.priority, r.reference, r.scheduled_at,
             r.status_callback
      from ready as r order by r.n
      returning ${COLUMNS}),
    audited as (
      insert into audit_log (actor_id, actor_name, actor_email, action, subject, ip, details)
      select ${audit.actor.id}::uuid, ${audit.actor.name}, ${audit.actor.email}, 'message.api_send', 'Campaign', ${audit.ip},
             jsonb_build_object('apiKeyId', ${audit.apiKeyId}::text, 'count', count(*),
               'ids', (select jsonb_agg(id::text order by id) from (select id from inserted order by id limit 100) as first))
      from inserted having count(*) > 0)`;
}

/**
 * Queues messages of kind 'api' to known contacts and their audit entry in one statement; answers
 * the messages in input order (ids are assigned as the ordered select produces the rows).
 */
export async function insertApiMessages(
  db: Executor,
  audit: ApiSendAudit,
  rows: Array<ApiMessageInput & { contactId: string }>,
): Promise<ApiMessageRow[]> {
  if (rows.length === 0) return [];
  return queryRows<ApiMessageRow>(
    db,
    sql`with ${inputRows(rows)}, ready as (select * from input), ${insertReady(audit)}
        select * from inserted order by id`,
  );
}

/**
 * A whole send in one statement, no transaction needed: the contacts of the numbers (created when
 * missing, source 'api'), then the messages to the active ones and their audit entry. Answers
 * undefined, having queued nothing, when it cannot decide alone: a number is on the suppression
 * list of erased contacts (any opted-out entry: the caller checks the numbers in full), or
 * another request created one of the contacts meanwhile (this statement's snapshot predates it).
 * The caller then takes the longer way (bench/priority: one round trip instead of four).
 */
export async function sendApiMessagesAtOnce(
  db: Executor,
  audit: ApiSendAudit,
  rows: ApiMessageInput[],
): Promise<{ recipients: Map<string, RecipientRow>; inserted: ApiMessageRow[] } | undefined> {
  if (rows.length === 0) return { recipients: new Map(), inserted: [] };
  const [answer] = await queryRows<{ complete: boolean; recipients: RecipientRow[]; inserted: ApiMessageRow[] }>(
    db,
    sql`with gate as (select not exists (select 1 from suppressed_phones where opted_out) as open),
        ${inputRows(rows.map((row) => ({ ...row, contactId: null })))},
        created as (
          insert into contacts (phone, source)
          select distinct phone, 'api' from input where (select open from gate)
          on conflict do nothing
          returning id, phone, status),
        recipients as (
          select id, phone, status from created
          union all
          select id, phone, status from contacts where phone in (select phone from input) and (select open from gate)),
        complete as (
          select (select open from gate) and (select count(*) from recipients) = (select count(distinct phone) from input) as ok),
        ready as (
          select r.key_id, c.id as contact_id, r.gateway_id, r.phone, r.sender_id, r.body, r.encoding, r.segments, r.priority,
                 r.reference, r.scheduled_at, r.status_callback, r.n
          from input as r join recipients as c on c.phone = r.phone
          where c.status = 'active' and (select ok from complete)),
        ${insertReady(audit)}
        select (select ok from complete) as complete,
               (select coalesce(jsonb_agg(jsonb_build_object('id', id, 'phone', phone, 'status', status)), '[]'::jsonb) from recipients) as recipients,
               (select coalesce(jsonb_agg(to_jsonb(inserted) order by id), '[]'::jsonb) from inserted) as inserted`,
  );
  if (!answer?.complete) return undefined;
  return { recipients: new Map(answer.recipients.map((row) => [row.phone, row])), inserted: answer.inserted };
}

/** One API message, whichever key sent it (decision 092: keys read the organisation's API messages). */
export async function findApiMessage(db: Executor, id: string): Promise<ApiMessageRow | undefined> {
  const [row] = await queryRows<ApiMessageRow>(db, sql`select ${COLUMNS} from messages where id = ${id} and kind = 'api'`);
  return row;
}

/**
 * The organisation's API messages (every key's, decision 092), newest first, after a cursor (an
 * id), filtered. Walks messages_one_off_idx backwards: API messages are one-offs (no campaign).
 */
export async function listApiMessages(
  db: Executor,
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
        where campaign_id is null and kind = 'api'
          ${filter.status ? sql`and status = ${filter.status}` : sql``}
          ${filter.reference ? sql`and reference = ${filter.reference}` : sql``}
          ${filter.since ? sql`and queued_at >= ${filter.since}::timestamptz` : sql``}
          ${filter.cursor ? sql`and id < ${filter.cursor}::bigint` : sql``}
        order by id desc limit ${filter.limit}`,
  );
}

/**
 * Cancels an API message no gateway has had: still queued and never handed over (handed_at, which
 * lease recovery also sets when a lost claim may have handed it). The claim locks rows it takes
 * (SKIP LOCKED), so a message is either claimed or cancelled, never both. Answers the message
 * cancelled, else undefined (the caller reads why). Its scheduled time stays, to show what was planned.
 */
export async function cancelUnhandedApiMessage(db: Executor, id: string): Promise<ApiMessageRow | undefined> {
  const [row] = await queryRows<ApiMessageRow>(
    db,
    sql`update messages set status = 'cancelled', lease_until = null
        where id = ${id} and kind = 'api' and status = 'queued' and handed_at is null
        returning ${COLUMNS}`,
  );
  return row;
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
 * The contacts of these E.164 numbers, creating the missing ones (source 'api', active), in one
 * statement (the rows it creates are not visible to its own read, so both halves are joined).
 */
export async function ensureRecipients(db: Executor, phones: string[]): Promise<Map<string, RecipientRow>> {
  if (phones.length === 0) return new Map();
  const unique = [...new Set(phones)];
  const rows = await queryRows<RecipientRow>(
    db,
    sql`with created as (
          insert into contacts (phone, source) select p, 'api' from unnest(${sql.param(unique)}::text[]) as p
          on conflict do nothing
          returning id, phone, status)
        select id, phone, status from created
        union all
        select id, phone, status from contacts where phone = any(${sql.param(unique)}::text[])`,
  );
  const found = new Map(rows.map((row) => [row.phone, row]));
  // A number another request created meanwhile: its insert did nothing, and this statement's
  // snapshot predates that contact; a second read sees it (never a duplicate).
  const missing = unique.filter((phone) => !found.has(phone));
  if (missing.length > 0) {
    const late = await queryRows<RecipientRow>(
      db,
      sql`select id, phone, status from contacts where phone = any(${sql.param(missing)}::text[])`,
    );
    for (const row of late) found.set(row.phone, row);
  }
  return found;
}

/** Contacts in id order (time-ordered ids) after a cursor, filtered by status or exact E.164. */
export async function listContactsPage(
  db: Executor,
  filter: { status?: 'active' | 'opted_out' | undefined; phone?: string | undefined; cursor?: string | undefined; limit: number },
) {
  // Contacts in the trash are in no list (decision 087).
  const where: SQL[] = [isNull(contacts.deletedAt)];
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

/** The database's time: what scheduled sends are compared with (decision 029: one clock). */
export async function databaseNow(db: Executor): Promise<Date> {
  const [row] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
  return new Date(row!.now);
}
