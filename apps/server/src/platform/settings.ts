import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';

/** Keys of app_settings. `jwtSecret` is internal: no API may ever return it. */
export const SETTING_KEYS = {
  registration: 'registration',
  jwtSecret: 'jwt_secret',
  messaging: 'messaging',
  maintenance: 'maintenance',
  security: 'security',
  publicSite: 'public_site',
  suppressionSalt: 'suppression_salt',
  /** Signs the device cookies of sign-in (decision 076); internal like jwtSecret. */
  deviceCookieSecret: 'device_cookie_secret',
  backups: 'backups',
  /** The passphrase of encrypted scheduled backups (decision 078): never returned by an API, never in a backup. */
  backupPassphrase: 'backup_passphrase',
  retention: 'retention',
  /** { since, reason } while nothing may be sent (after a restore; decision 072); absent otherwise. */
  sendingHold: 'sending_hold',
  /** { threshold }: campaigns to more recipients need a second person's approval (decision 101); absent or null: off. */
  campaignApproval: 'campaign_approval',
  /** { autoAssign }: round-robin assignment of new conversations (modules/tickets). */
  tickets: 'tickets',
  /** { restrictToList }: the integration API sends only from approved senders (modules/senders, decision 108). */
  senders: 'senders',
  /** { monthlyCap, apiKeyCaps }: the monthly spending caps (decision 109); absent: none. */
  budgets: 'budgets',
  /** Present while the messages sent before migration 0047 wait to be priced once (decision 118). */
  pricesBackfill: 'prices_backfill',
} as const;

/** Reads one setting's JSON value, or undefined when it was never set. */
export async function getSetting<T>(db: Executor, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

/** Creates or replaces one setting. */
export async function putSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Removes one setting (reads answer undefined again). */
export async function deleteSetting(db: Executor, key: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}

export type RegistrationMode = 'open' | 'closed';

/** Whether anonymous visitors may create (viewer) accounts; closed unless an admin opened it. */
export async function getRegistrationMode(db: Executor): Promise<RegistrationMode> {
  const value = await getSetting<{ mode?: string }>(db, SETTING_KEYS.registration);
  return value?.mode === 'open' ? 'open' : 'closed';
}

/**
 * The token signing secret when JWT_SECRET is not configured: generated once and stored in the
 * database, so every API and worker process (and every restart) signs with the same key. The
 * insert-if-absent makes simultaneous first starts agree on one secret.
 */
export async function ensureGeneratedJwtSecret(db: Executor): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key: SETTING_KEYS.jwtSecret, value: candidate }).onConflictDoNothing();
  const stored = await getSetting<string>(db, SETTING_KEYS.jwtSecret);
  if (typeof stored !== 'string' || stored.length < 32) throw new Error('Stored JWT secret is missing or too short');
  return stored;
}
