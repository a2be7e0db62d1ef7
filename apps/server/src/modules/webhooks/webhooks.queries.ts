import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  active: boolean;
  previous_secret_expires_at: Date | string | null;
  created_at: Date | string;
  disabled_at: Date | string | null;
  disabled_reason: string | null;
}

const COLUMNS = sql`id, url, events, description, active, previous_secret_expires_at, created_at, disabled_at, disabled_reason`;

export interface DeliveryRow {
  id: string | number;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  last_response: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
}

/** Every endpoint, newest first. */
export async function listWebhooks(db: Executor): Promise<WebhookRow[]> {
  return queryRows<WebhookRow>(db, sql`select ${COLUMNS} from webhook_endpoints order by created_at desc, id`);
}

/** Registers an endpoint. */
export async function insertWebhook(
  db: Executor,
  values: { url: string; events: string[]; description: string; secret: string; active: boolean; createdBy: string },
): Promise<WebhookRow> {
  const [row] = await queryRows<WebhookRow>(
    db,
    sql`insert into webhook_endpoints (url, events, description, secret, active, created_by)
        values (${values.url}, ${sql.param(values.events)}::text[], ${values.description}, ${values.secret}, ${values.active}, ${values.createdBy})
        returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into webhook_endpoints returned no row');
  return row;
}

/** One endpoint, undefined when unknown. */
export async function findWebhook(db: Executor, id: string): Promise<WebhookRow | undefined> {
  const [row] = await queryRows<WebhookRow>(db, sql`select ${COLUMNS} from webhook_endpoints where id = ${id}`);
  return row;
}

/** Changes an endpoint's address, events or description (what is undefined stays); answers the row, undefined when unknown. */
export async function updateWebhookRow(
  db: Executor,
  id: string,
  patch: { url?: string | undefined; events?: string[] | undefined; description?: string | undefined },
): Promise<WebhookRow | undefined> {
  const events = patch.events === undefined ? null : sql`${sql.param(patch.events)}::text[]`;
  const [row] = await queryRows<WebhookRow>(
    db,
    sql`update webhook_endpoints set url = coalesce(${patch.url ?? null}, url), events = coalesce(${events}, events),
               description = coalesce(${patch.description ?? null}, description)
        where id = ${id} returning ${COLUMNS}`,
  );
  return row;
}

/**
 * Replaces an endpoint's signing secret; the replaced one keeps signing beside it until now() +
 * `overlapHours` (a secret replaced before that stops). Answers the row, undefined when unknown.
 */
export async function rotateWebhookSecretRow(
  db: Executor,
  id: string,
  values: { secret: string; overlapHours: number },
): Promise<WebhookRow | undefined> {
  const [row] = await queryRows<WebhookRow>(
    db,
    sql`update webhook_endpoints set previous_secret = secret, secret = ${values.secret},
               previous_secret_expires_at = now() + make_interval(secs => ${values.overlapHours * 3600}::double precision)
        where id = ${id} returning ${COLUMNS}`,
  );
  return row;
}

/**
 * Turns an endpoint on (again): its failing time and why it was turned off are cleared, and the
 * deliveries halted when it went off are queued now, their 24 hours of retries starting again
 * (created_at, as a resend does). Answers the row and how many were queued; undefined when unknown.
 */
export async function enableWebhookRow(db: Executor, id: string): Promise<{ row: WebhookRow; resumed: number } | undefined> {
  const [row] = await queryRows<WebhookRow>(
    db,
    sql`update webhook_endpoints set active = true, failing_since = null, disabled_at = null, disabled_reason = null
        where id = ${id} returning ${COLUMNS}`,
  );
  if (!row) return undefined;
  const resumed = await queryRows(
    db,
    sql`update webhook_deliveries set status = 'pending', halted = false, next_attempt_at = now(), lease_until = null, created_at = now()
        where endpoint_id = ${id} and halted returning 1`,
  );
  return { row, resumed: resumed.length };
}

/** Turns an endpoint off by hand: its pending deliveries are halted (queued again when it is turned on). Answers the row. */
export async function haltWebhookRow(db: Executor, id: string): Promise<WebhookRow | undefined> {
  const [row] = await queryRows<WebhookRow>(db, sql`update webhook_endpoints set active = false where id = ${id} returning ${COLUMNS}`);
  if (!row) return undefined;
  await haltPendingDeliveries(db, id);
  return row;
}

/** Fails an endpoint's pending deliveries as halted: turning it on again queues them again. */
async function haltPendingDeliveries(db: Executor, endpointId: string): Promise<void> {
  await db.execute(sql`update webhook_deliveries set status = 'failed', halted = true, lease_until = null,
      last_error = coalesce(last_error, 'endpoint disabled')
    where endpoint_id = ${endpointId} and status = 'pending'`);
}

/** Removes an endpoint and its delivery log; answers whether it existed. */
export async function deleteWebhook(db: Executor, id: string): Promise<boolean> {
  return (await queryRows(db, sql`delete from webhook_endpoints where id = ${id} returning 1`)).length > 0;
}

/** Whether an endpoint exists. */
export async function webhookExists(db: Executor, id: string): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from webhook_endpoints where id = ${id}`)).length > 0;
}

/** An endpoint's deliveries, newest first, before a cursor. */
export async function listDeliveries(db: Executor, endpointId: string, cursor: string | undefined, limit: number): Promise<DeliveryRow[]> {
  return queryRows<DeliveryRow>(
    db,
    sql`select id, event_id, event_type, status, attempts, last_status_code, last_duration_ms, last_error, last_response, created_at, last_attempt_at, delivered_at
        from webhook_deliveries where endpoint_id = ${endpointId} ${cursor ? sql`and id < ${cursor}::bigint` : sql``}
        order by id desc limit ${limit}`,
  );
}

/** Queues a delivery again now (same event id, so the receiver can de-duplicate); answers whether it existed. */
export async function resendDelivery(db: Executor, endpointId: string, deliveryId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update webhook_deliveries set status = 'pending', next_attempt_at = now(), lease_until = null, created_at = now()
        where id = ${deliveryId} and endpoint_id = ${endpointId} returning 1`,
  );
  return rows.length > 0;
}

/** A delivery claimed for sending, with what signing and posting need. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  data: unknown;
  created_at: Date | string;
  attempts: number;
  url: string;
  secret: string;
  /** The secret a rotation replaced, while its overlap lasts (database clock); else null. */
  previous_secret: string | null;
  expired: boolean;
}

/** Claims due deliveries (oldest first, per endpoint in order), leased for a minute. */
export async function claimDeliveries(db: Executor, limit: number): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`with picked as (
          select d.id from webhook_deliveries d
          where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
          order by d.id limit ${limit} for update skip locked)
        update webhook_deliveries d set lease_until = now() + interval '60 seconds', attempts = d.attempts + 1
        from picked, webhook_endpoints e
        where d.id = picked.id and e.id = d.endpoint_id
        returning d.id::text as id, d.endpoint_id, d.event_id, d.event_type, d.data, d.created_at, d.attempts, e.url, e.secret,
                  case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret,
                  d.created_at < now() - interval '24 hours' as expired`,
  );
}

/** Writes an attempt's outcome: delivered, retried at `retryAt`, or failed for good. */
export async function recordAttempt(
  db: Executor,
  values: {
    id: string;
    outcome: 'delivered' | 'retry' | 'failed';
    retryAt: Date | null;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    response: string | null;
  },
): Promise<void> {
  // A retry of an endpoint turned off meanwhile (an attempt in flight when another one disabled it)
  // fails instead of waiting again, halted like the others: nothing stays pending for an endpoint
  // that is off, and turning it on again queues it.
  const off = sql`not exists (select 1 from webhook_endpoints e where e.id = webhook_deliveries.endpoint_id and e.active)`;
  const status = values.outcome === 'retry' ? sql`case when ${off} then 'failed' else 'pending' end` : sql`${values.outcome}`;
  const halted = values.outcome === 'retry' ? sql`${off}` : sql`false`;
  await db.execute(sql`update webhook_deliveries set
      status = ${status}, halted = ${halted},
      next_attempt_at = coalesce(${values.retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      lease_until = null, last_status_code = ${values.statusCode}, last_duration_ms = ${values.durationMs},
      last_error = ${values.error}, last_response = ${values.response}, last_attempt_at = now(),
      delivered_at = case when ${values.outcome} = 'delivered' then now() else delivered_at end
    where id = ${values.id}::bigint`);
}

/** After an attempt: a success clears the endpoint's failing time, a failure starts it (kept from the first one). */
export async function recordEndpointHealth(db: Executor, endpointId: string, ok: boolean): Promise<void> {
  await db.execute(
    ok
      ? sql`update webhook_endpoints set failing_since = null where id = ${endpointId} and failing_since is not null`
      : sql`update webhook_endpoints set failing_since = now() where id = ${endpointId} and failing_since is null`,
  );
}

/**
 * Disables an active endpoint that has failed without a success for 24 hours (database clock) and
 * fails its pending deliveries; answers it when this call disabled it, so the admins hear once.
 */
export async function disableIfFailingForADay(
  db: Executor,
  endpointId: string,
): Promise<{ id: string; url: string; failingSince: string } | undefined> {
  const [row] = await queryRows<{ id: string; url: string; failing_since: Date | string }>(
    db,
    sql`update webhook_endpoints set active = false, disabled_at = now(), disabled_reason = 'FAILING_FOR_24_HOURS'
        where id = ${endpointId} and active and failing_since <= now() - interval '24 hours'
        returning id, url, failing_since`,
  );
  if (!row) return undefined;
  await haltPendingDeliveries(db, endpointId);
  return { id: row.id, url: row.url, failingSince: new Date(row.failing_since).toISOString() };
}

/**
 * Adds fields to the data of events written in this transaction and not sent yet (pending, never
 * tried), found by a field of their data: what a trigger could not compute (a campaign's figures,
 * decision 092) joins the event before any attempt, so every attempt sends the same body.
 */
export async function addToPendingEvents(
  db: Executor,
  input: { type: string; key: string; value: string; add: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`update webhook_deliveries set data = data || ${JSON.stringify(input.add)}::jsonb
    where event_type = ${input.type} and status = 'pending' and attempts = 0 and data->>${input.key} = ${input.value}`);
}
