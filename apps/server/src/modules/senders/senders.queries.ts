import type { NumberType, SenderKind, SenderStatus } from '@sms/contracts/senders';
import { SENDER_LIMITS } from '@sms/contracts/senders';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

const toIso = (value: string | Date) => new Date(value).toISOString();
const USAGE_WINDOW = sql`now() - make_interval(days => ${SENDER_LIMITS.usageDays})`;

export interface SenderRow {
  id: string;
  kind: SenderKind;
  value: string;
  gateway: { id: string; name: string } | null;
  status: SenderStatus;
  notes: string;
  countries: string[];
  origin: 'bought' | 'added';
  numberType: NumberType | null;
  country: string | null;
  providerSid: string | null;
  monthlyPrice: string | null;
  priceUnit: string | null;
  routeAssignee: { id: string; name: string } | null;
  usage: { campaigns: Array<{ id: string; name: string }>; apiKeys: Array<{ id: string; name: string }>; messages: number };
  createdAt: string;
  updatedAt: string;
}

interface RawSender {
  id: string;
  kind: SenderKind;
  value: string;
  gateway_id: string | null;
  gateway_name: string | null;
  status: SenderStatus;
  notes: string;
  countries: string[] | null;
  origin: 'bought' | 'added';
  number_type: NumberType | null;
  country: string | null;
  provider_sid: string | null;
  monthly_price: string | null;
  price_unit: string | null;
  route_assignee_id: string | null;
  assignee_name: string | null;
  campaigns: Array<{ id: string; name: string }> | string | null;
  api_keys: Array<{ id: string; name: string }> | string | null;
  messages: number | null;
  created_at: string | Date;
  updated_at: string | Date;
}

// PGlite hands json aggregates back parsed, node-postgres too; text only if a driver did not.
const list = (value: RawSender['campaigns']) => (typeof value === 'string' ? JSON.parse(value) : (value ?? []));

const senderOf = (row: RawSender): SenderRow => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  gateway: row.gateway_id ? { id: row.gateway_id, name: row.gateway_name ?? '' } : null,
  status: row.status,
  notes: row.notes,
  countries: row.countries ?? [],
  origin: row.origin,
  numberType: row.number_type,
  country: row.country,
  providerSid: row.provider_sid,
  monthlyPrice: row.monthly_price,
  priceUnit: row.price_unit,
  routeAssignee: row.route_assignee_id ? { id: row.route_assignee_id, name: row.assignee_name ?? '' } : null,
  usage: { campaigns: list(row.campaigns), apiKeys: list(row.api_keys), messages: Number(row.messages ?? 0) },
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

/**
 * Senders with their gateway, routing and use in the last 30 days: campaigns whose sender it is
 * and that were sent or changed then, API keys whose messages carried it, and how many messages
 * did (messages_sender_queued_idx). `where` narrows the senders.
 */
function selectSenders(where: SQL): SQL {
  return sql`
    select s.*, g.name as gateway_name, u.name as assignee_name,
           (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name), '[]'::json)
              from campaigns c
             where lower(c.sender_id) = lower(s.value) and coalesce(c.launched_at, c.updated_at) >= ${USAGE_WINDOW}) as campaigns,
           (select coalesce(json_agg(json_build_object('id', k.id, 'name', k.name) order by k.name), '[]'::json)
              from api_keys k
             where k.id in (select m.api_key_id from messages m
                             where m.sender_id = s.value and m.queued_at >= ${USAGE_WINDOW} and m.api_key_id is not null)) as api_keys,
           (select count(*)::int from messages m where m.sender_id = s.value and m.queued_at >= ${USAGE_WINDOW}) as messages
      from senders s
      left join gateways g on g.id = s.gateway_id
      left join users u on u.id = s.route_assignee_id
     where ${where}`;
}

/** Every sender, numbers first, then by value. */
export async function listSenders(db: Executor): Promise<SenderRow[]> {
  const rows = await queryRows<RawSender>(db, sql`${selectSenders(sql`true`)} order by s.kind desc, s.value`);
  return rows.map(senderOf);
}

/** One sender, or undefined. */
export async function findSender(db: Executor, id: string): Promise<SenderRow | undefined> {
  const [row] = await queryRows<RawSender>(db, selectSenders(sql`s.id = ${id}`));
  return row ? senderOf(row) : undefined;
}

/** The sender whose value this is (whatever its case), if any. */
export async function findSenderByValue(db: Executor, value: string): Promise<{ id: string; status: SenderStatus } | undefined> {
  const [row] = await queryRows<{ id: string; status: SenderStatus }>(
    db,
    sql`select id, status from senders where lower(value) = lower(${value})`,
  );
  return row;
}

export interface NewSender {
  kind: SenderKind;
  value: string;
  gatewayId: string | null;
  status: SenderStatus;
  notes: string;
  countries: string[];
  origin: 'bought' | 'added';
  numberType?: NumberType | null;
  country?: string | null;
  providerSid?: string | null;
  monthlyPrice?: string | null;
  priceUnit?: string | null;
  createdBy: string;
}

/** Inserts a sender; answers its id (a unique violation when the value is listed already). */
export async function insertSender(db: Executor, sender: NewSender): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into senders (kind, value, gateway_id, status, notes, countries, origin, number_type, country, provider_sid, monthly_price, price_unit, created_by)
        values (${sender.kind}, ${sender.value}, ${sender.gatewayId}, ${sender.status}, ${sender.notes}, ${sql.param(sender.countries)}::text[],
                ${sender.origin}, ${sender.numberType ?? null}, ${sender.country ?? null}, ${sender.providerSid ?? null},
                ${sender.monthlyPrice ?? null}, ${sender.priceUnit ?? null}, ${sender.createdBy})
        returning id`,
  );
  if (!row) throw new Error('insert into senders returned nothing');
  return row.id;
}

export interface SenderPatch {
  value?: string;
  gatewayId?: string | null;
  countries?: string[];
  notes?: string;
  routeAssigneeId?: string | null;
  status?: SenderStatus;
}

/** Changes the given columns of a sender. */
export async function updateSenderRow(db: Executor, id: string, patch: SenderPatch): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.value !== undefined) sets.push(sql`value = ${patch.value}`);
  if (patch.gatewayId !== undefined) sets.push(sql`gateway_id = ${patch.gatewayId}`);
  if (patch.countries !== undefined) sets.push(sql`countries = ${sql.param(patch.countries)}::text[]`);
  if (patch.notes !== undefined) sets.push(sql`notes = ${patch.notes}`);
  if (patch.routeAssigneeId !== undefined) sets.push(sql`route_assignee_id = ${patch.routeAssigneeId}`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  await db.execute(sql`update senders set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/** Messages per day sent from `value` and received on it, over the last 30 days (days without any left out). */
export async function senderDaily(db: Executor, value: string): Promise<Array<{ day: string; sent: number; received: number }>> {
  const rows = await queryRows<{ day: string | Date; sent: number; received: number }>(
    db,
    sql`select day, sum(sent)::int as sent, sum(received)::int as received from (
          select date_trunc('day', m.queued_at at time zone 'UTC') as day, 1 as sent, 0 as received
            from messages m where m.sender_id = ${value} and m.queued_at >= ${USAGE_WINDOW}
          union all
          select date_trunc('day', i.received_at at time zone 'UTC'), 0, 1
            from inbound_messages i where i.to_address = ${value} and i.received_at >= ${USAGE_WINDOW}
        ) d group by day order by day`,
  );
  return rows.map((row) => ({ day: new Date(row.day).toISOString().slice(0, 10), sent: row.sent, received: row.received }));
}

/** The users among `ids` that exist, are active and may answer in the inbox (an inbound route's assignee). */
export async function assignableUser(db: Executor, id: string): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = ${id} and deleted_at is null and status = 'active' and role in ('admin', 'manager', 'agent')`,
  );
  return row !== undefined;
}

/** The approved senders whose value is one of `values` (case-insensitive), lower-cased. */
export async function approvedValues(db: Executor, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select lower(value) as value from senders where status = 'approved' and lower(value) = any(${sql.param(values.map((v) => v.toLowerCase()))}::text[])`,
  );
  return new Set(rows.map((row) => row.value));
}

/** The route of each of our numbers among `addresses`: its assignee, when it has one. */
export async function routesFor(
  db: Executor,
  addresses: string[],
): Promise<Map<string, { senderId: string; value: string; assigneeId: string }>> {
  if (addresses.length === 0) return new Map();
  const rows = await queryRows<{ id: string; value: string; route_assignee_id: string }>(
    db,
    sql`select id, value, route_assignee_id from senders where route_assignee_id is not null and value = any(${sql.param(addresses)}::text[])`,
  );
  return new Map(rows.map((row) => [row.value, { senderId: row.id, value: row.value, assigneeId: row.route_assignee_id }]));
}
