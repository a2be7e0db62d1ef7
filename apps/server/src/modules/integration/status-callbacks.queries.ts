import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** A status callback claimed for sending, with what signing needs: the sending key's secret hash. */
export interface ClaimedCallback {
  id: string;
  url: string;
  event_id: string;
  data: unknown;
  created_at: Date | string;
  attempts: number;
  /** SHA-256 (hex) of the secret of the key that sent the message: the signing key (decision 092); null when the key is gone. */
  secret_hash: string | null;
  expired: boolean;
}

/** Claims due status callbacks (oldest first), leased for a minute, as claimDeliveries does for webhooks. */
export async function claimCallbacks(db: Executor, limit: number): Promise<ClaimedCallback[]> {
  return queryRows<ClaimedCallback>(
    db,
    sql`with picked as (
          select d.id from status_callback_deliveries d
          where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
          order by d.id limit ${limit} for update skip locked)
        update status_callback_deliveries d set lease_until = now() + interval '60 seconds', attempts = d.attempts + 1
        from picked
        where d.id = picked.id
        returning d.id::text as id, d.url, d.event_id, d.data, d.created_at, d.attempts,
                  (select k.secret_hash from api_keys k where k.id = d.api_key_id) as secret_hash,
                  d.created_at < now() - interval '24 hours' as expired`,
  );
}

/** Writes an attempt's outcome: delivered, retried at `retryAt`, or failed for good. */
export async function recordCallbackAttempt(
  db: Executor,
  values: { id: string; outcome: 'delivered' | 'retry' | 'failed'; retryAt: Date | null; statusCode: number | null; error: string | null },
): Promise<void> {
  await db.execute(sql`update status_callback_deliveries set
      status = ${values.outcome === 'retry' ? 'pending' : values.outcome},
      next_attempt_at = coalesce(${values.retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      lease_until = null, last_status_code = ${values.statusCode}, last_error = ${values.error}, last_attempt_at = now(),
      delivered_at = case when ${values.outcome} = 'delivered' then now() else delivered_at end
    where id = ${values.id}::bigint`);
}
