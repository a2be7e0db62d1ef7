import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import type { SimulatorConfig } from '@sms/contracts/gateway-simulator';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { TestServer } from './helper.ts';

/** Simulator settings for tests: fast, every message delivered, no replies (override what a test needs). */
export const FAST_SIMULATOR: Partial<SimulatorConfig> = {
  acceptPerSecond: 100_000,
  receiptDelayMinMs: 0,
  receiptDelayMaxMs: 50,
  failureRate: 0,
  undeliveredRate: 0,
  replyRate: 0,
};

/** Reconfigures the built-in simulator gateway through the API. */
export async function configureSimulator(
  server: TestServer,
  adminToken: string,
  config: Partial<SimulatorConfig>,
  rateLimit: number | null = null,
): Promise<void> {
  const response = await server.put(
    `/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`,
    { config: { ...FAST_SIMULATOR, ...config }, rateLimit },
    { token: adminToken },
  );
  if (response.status !== 200) throw new Error(`could not configure the simulator: ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * Inserts `count` contacts straight into the database (fast, set-based): phones +44 7700 9xxxxx,
 * first names 'Person <i>', tag1 cycling through `tags` ('' = no tag1).
 */
export async function seedContacts(server: TestServer, count: number, options: { tags?: string[]; offset?: number } = {}): Promise<void> {
  const tags = options.tags ?? ['north', 'south'];
  const offset = options.offset ?? 0;
  await server.database.db.execute(sql`insert into contacts (phone, first_name, tag1)
    select '+447700' || lpad((i + ${offset})::text, 6, '0'), 'Person ' || (i + ${offset}),
           nullif((${sql.param(tags)}::text[])[1 + (i % ${tags.length})], '')
    from generate_series(1, ${count}) as i`);
}

/** Polls until `check` answers a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Message counts of a campaign straight from the rows (to compare with the API's counters). */
export async function countMessageRows(server: TestServer, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    server.database.db,
    sql`select status, count(*)::int as n from messages where campaign_id = ${campaignId} group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** The non-zero status counts of an API counts object. */
export function nonZero(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([key, value]) => key !== 'total' && value !== 0));
}
