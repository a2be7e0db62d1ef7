import { ERASED_NUMBER_CODE, ERASED_NUMBER_MESSAGE } from '@sms/contracts/data-lifecycle';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appSettings, suppressedPhones } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { phoneHash } from './phone-hash.ts';
import { getSetting, SETTING_KEYS } from './settings.ts';

/**
 * The suppression list (decision 060): the salted hashes of erased contacts' numbers. Contacts
 * write it when they erase someone; imports, the contact form and the integration API read it so
 * an erased, opted-out number is neither added nor texted again (only the person's own new
 * subscription on the public site brings it back).
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

/** Which of these numbers (E.164) are listed as opted out; one cheap query while the list is empty. */
export async function erasedOptedOut(db: Executor, e164s: readonly string[]): Promise<Set<string>> {
  if (e164s.length === 0) return new Set();
  const listed = await db
    .select({ hash: suppressedPhones.phoneHash })
    .from(suppressedPhones)
    .where(eq(suppressedPhones.optedOut, true))
    .limit(1);
  if (listed.length === 0) return new Set();
  const salt = await suppressionSalt(db);
  const byHash = new Map(e164s.map((e164) => [phoneHash(salt, e164), e164]));
  const rows = await db
    .select({ hash: suppressedPhones.phoneHash })
    .from(suppressedPhones)
    .where(and(eq(suppressedPhones.optedOut, true), inArray(suppressedPhones.phoneHash, [...byHash.keys()])));
  return new Set(rows.flatMap((row) => byHash.get(row.hash) ?? []));
}

/** 409 PHONE_ERASED (field phone) when staff or a key would add an erased, opted-out number again. */
export async function refuseErasedNumber(db: Executor, e164: string): Promise<void> {
  if ((await erasedOptedOut(db, [e164])).size > 0) throw new AppError(409, ERASED_NUMBER_MESSAGE, ERASED_NUMBER_CODE, { field: 'phone' });
}
