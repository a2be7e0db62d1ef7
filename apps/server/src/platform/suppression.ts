import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appSettings, suppressedPhones } from '../db/schema.ts';
import { phoneHash } from './phone-hash.ts';
import { getSetting, SETTING_KEYS } from './settings.ts';

/**
 * The suppression list (decision 060): the salted hashes of erased contacts' numbers. Contacts
 * write it when they erase someone; imports read it so an erased, opted-out number is refused.
 */

/** The installation's salt, made on first use (kept in app_settings, so backups carry it). */
export async function suppressionSalt(db: Executor): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEYS.suppressionSalt, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  return (await getSetting<string>(db, SETTING_KEYS.suppressionSalt)) as string;
}

/** Puts a number on the list; once listed as opted out it stays so. */
export async function suppressPhone(db: Executor, e164: string, optedOut: boolean): Promise<void> {
  const hash = phoneHash(await suppressionSalt(db), e164);
  await db
    .insert(suppressedPhones)
    .values({ phoneHash: hash, optedOut })
    .onConflictDoUpdate({
      target: suppressedPhones.phoneHash,
      set: { optedOut: sql`${suppressedPhones.optedOut} or excluded.opted_out`, erasedAt: sql`now()` },
    });
}

/** What an import needs to refuse listed numbers: the salt and the opted-out hashes (none: undefined). */
export async function importSuppression(db: Executor): Promise<{ salt: string; hashes: string[] } | undefined> {
  const rows = await db.select({ hash: suppressedPhones.phoneHash }).from(suppressedPhones).where(eq(suppressedPhones.optedOut, true));
  if (rows.length === 0) return undefined;
  return { salt: await suppressionSalt(db), hashes: rows.map((row) => row.hash) };
}
