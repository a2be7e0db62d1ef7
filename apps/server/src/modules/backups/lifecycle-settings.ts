import {
  backupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
  DEFAULT_RETENTION,
  retentionSettingsSchema,
  type BackupEncryption,
  type BackupResult,
  type BackupSchedule,
  type RetentionSettings,
} from '@sms/contracts/data-lifecycle';
import type { Executor } from '../../db/client.ts';
import { deleteSetting, getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/** Scheduled backups and retention, as stored in app_settings (odd stored values fall back to the defaults). */

interface StoredBackups {
  schedule?: unknown;
  lastResult?: BackupResult | null;
  /**
   * When the passphrase of encrypted backups was set; kept here (in every backup) while the
   * passphrase itself is not, so a restored installation knows its backups must be encrypted and
   * says the passphrase is missing instead of writing them in clear.
   */
  passphraseSetAt?: string | null;
}

interface StoredPassphrase {
  passphrase: string;
  setAt: string;
}

async function storedBackups(db: Executor): Promise<StoredBackups> {
  return (await getSetting<StoredBackups>(db, SETTING_KEYS.backups)) ?? {};
}

async function updateBackups(db: Executor, change: Partial<StoredBackups>): Promise<void> {
  await putSetting(db, SETTING_KEYS.backups, { ...(await storedBackups(db)), ...change });
}

export async function readBackupSettings(db: Executor): Promise<{ schedule: BackupSchedule; lastResult: BackupResult | null }> {
  const stored = await storedBackups(db);
  const schedule = backupScheduleSchema.safeParse(stored.schedule);
  return { schedule: schedule.success ? schedule.data : DEFAULT_BACKUP_SCHEDULE, lastResult: stored.lastResult ?? null };
}

export async function saveBackupSchedule(db: Executor, schedule: BackupSchedule): Promise<void> {
  await updateBackups(db, { schedule });
}

export async function saveBackupResult(db: Executor, lastResult: BackupResult): Promise<void> {
  await updateBackups(db, { lastResult });
}

/** The passphrase backups are encrypted with (administrators'; never returned by the API), if any. */
export async function readBackupPassphrase(db: Executor): Promise<string | undefined> {
  const stored = await getSetting<StoredPassphrase>(db, SETTING_KEYS.backupPassphrase);
  return typeof stored?.passphrase === 'string' && stored.passphrase ? stored.passphrase : undefined;
}

/** Whether backups are encrypted, and since when; `missing` when they should be but the passphrase is not here. */
export async function readBackupEncryption(db: Executor): Promise<BackupEncryption> {
  const stored = await getSetting<StoredPassphrase>(db, SETTING_KEYS.backupPassphrase);
  if (typeof stored?.passphrase === 'string' && stored.passphrase) return { state: 'on', setAt: stored.setAt ?? null };
  const { passphraseSetAt } = await storedBackups(db);
  return passphraseSetAt ? { state: 'missing', setAt: passphraseSetAt } : { state: 'off', setAt: null };
}

/** Sets the passphrase of encrypted backups, or (null) stops encrypting them. */
export async function saveBackupPassphrase(db: Executor, passphrase: string | null, now = new Date()): Promise<void> {
  const setAt = now.toISOString();
  if (passphrase === null) await deleteSetting(db, SETTING_KEYS.backupPassphrase);
  else await putSetting(db, SETTING_KEYS.backupPassphrase, { passphrase, setAt } satisfies StoredPassphrase);
  await updateBackups(db, { passphraseSetAt: passphrase === null ? null : setAt });
}

export async function readRetention(db: Executor): Promise<RetentionSettings> {
  const parsed = retentionSettingsSchema.safeParse(await getSetting(db, SETTING_KEYS.retention));
  return parsed.success ? parsed.data : DEFAULT_RETENTION;
}

export async function saveRetention(db: Executor, settings: RetentionSettings): Promise<void> {
  await putSetting(db, SETTING_KEYS.retention, settings);
}
