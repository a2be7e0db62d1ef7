import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Token buckets kept in PostgreSQL, so a rate limit holds across every worker process: each
 * bucket refills at `ratePerSecond` up to one second's worth, and a dispatcher takes what it wants
 * to send before claiming messages. The row lock of the UPDATE serialises takers.
 */
export interface Take {
  granted: number;
  /** When nothing was granted: milliseconds until one token is there. */
  waitMs: number;
}

/** Takes up to `want` whole tokens from bucket `key` (created full on first use). */
export async function takeTokens(db: Executor, key: string, ratePerSecond: number, want: number): Promise<Take> {
  const capacity = Math.max(1, ratePerSecond);
  await db.execute(
    sql`insert into rate_buckets (key, tokens, refilled_at) values (${key}, ${capacity}, clock_timestamp()) on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ granted: number; available: number }>(
    db,
    sql`with current as (
          select key, least(${capacity}::float8, tokens + extract(epoch from clock_timestamp() - refilled_at)::float8 * ${ratePerSecond}::float8) as available
          from rate_buckets where key = ${key} for update)
        update rate_buckets b set tokens = c.available - least(floor(c.available), ${want}), refilled_at = clock_timestamp()
        from current c where b.key = c.key
        returning least(floor(c.available), ${want})::int as granted, c.available`,
  );
  const granted = Number(row?.granted ?? 0);
  const available = Number(row?.available ?? 0);
  return { granted, waitMs: granted > 0 ? 0 : Math.max(1, Math.ceil(((1 - available) / ratePerSecond) * 1000)) };
}

/** Puts back tokens taken but not used (fewer messages were due than granted). */
export async function returnTokens(db: Executor, key: string, ratePerSecond: number, count: number): Promise<void> {
  if (count <= 0) return;
  await db.execute(
    sql`update rate_buckets set tokens = least(${Math.max(1, ratePerSecond)}::float8, tokens + ${count}) where key = ${key}`,
  );
}
