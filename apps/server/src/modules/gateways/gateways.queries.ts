import { httpConfigSchema, type HttpConfig } from '@sms/contracts/gateway-http';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, gateways } from '../../db/schema.ts';

export type GatewayRow = typeof gateways.$inferSelect;
export type NewGatewayRow = typeof gateways.$inferInsert;

const live = isNull(gateways.deletedAt);

/** Every configured gateway, the default first. */
export function listGateways(db: Executor): Promise<GatewayRow[]> {
  return db.select().from(gateways).where(live).orderBy(desc(gateways.isDefault), asc(gateways.name), asc(gateways.id));
}

/** One live gateway. */
export async function findGateway(db: Executor, id: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(gateways)
    .where(and(eq(gateways.id, id), live));
  return row;
}

/** The default gateway (there is always one unless an admin deleted every gateway). */
export async function findDefaultGateway(db: Executor): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(gateways)
    .where(and(eq(gateways.isDefault, true), live));
  return row;
}

/** Inserts a gateway. */
export async function insertGateway(db: Executor, values: NewGatewayRow): Promise<GatewayRow> {
  const [row] = await db.insert(gateways).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Applies a patch and bumps the version, so running workers reconnect with the new settings. */
export async function updateGatewayRow(db: Executor, id: string, patch: Partial<NewGatewayRow>): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(gateways)
    .set({ ...patch, version: sql`${gateways.version} + 1`, updatedAt: new Date() })
    .where(and(eq(gateways.id, id), live))
    .returning();
  return row;
}

/** Makes no gateway the default (before another one becomes it, in the same transaction). */
export async function clearDefaultGateway(db: Executor): Promise<void> {
  await db
    .update(gateways)
    .set({ isDefault: false })
    .where(and(eq(gateways.isDefault, true), live));
}

/** Soft-deletes a gateway (messages keep pointing at it). */
export async function softDeleteGateway(db: Executor, id: string): Promise<void> {
  await db
    .update(gateways)
    .set({ deletedAt: new Date(), isDefault: false, enabled: false, version: sql`${gateways.version} + 1` })
    .where(eq(gateways.id, id));
}

/** Names of campaigns still using a gateway (scheduled, sending or paused), a few at most. */
export async function activeCampaignsUsing(db: Executor, gatewayId: string): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.gatewayId, gatewayId), inArray(campaigns.status, ['scheduled', 'sending', 'paused'])))
    .limit(5);
  return rows.map((row) => row.name);
}

/** The callback token of a live Kannel gateway, or null (unknown id, another kind). */
export async function kannelCallbackToken(db: Executor, id: string): Promise<{ callbackToken: string } | null> {
  const row = await findGateway(db, id);
  const token = row?.kind === 'kannel' ? row.secrets.callbackToken : undefined;
  return typeof token === 'string' && token ? { callbackToken: token } : null;
}

/** The callback token and settings of a live http gateway, or null (unknown id, another kind, settings no longer valid). */
export async function httpCallbackGateway(db: Executor, id: string): Promise<{ callbackToken: string; config: HttpConfig } | null> {
  const row = await findGateway(db, id);
  const token = row?.kind === 'http' ? row.secrets.callbackToken : undefined;
  if (typeof token !== 'string' || !token) return null;
  const config = httpConfigSchema.safeParse(row?.config);
  return config.success ? { callbackToken: token, config: config.data } : null;
}

/** The auth token of a live Twilio gateway, or null (unknown id, another kind, malformed id). */
export async function twilioAuthToken(db: Executor, id: string): Promise<{ authToken: string } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const row = await findGateway(db, id);
  const token = row?.kind === 'twilio' ? row.secrets.authToken : undefined;
  return typeof token === 'string' && token ? { authToken: token } : null;
}
