import {
  backupScheduleSchema,
  DEFAULT_BACKUP_SCHEDULE,
  DEFAULT_RETENTION,
  retentionSettingsSchema,
  type BackupResult,
  type BackupSchedule,
  type RetentionSettings,
} from '@sms/contracts/data-lifecycle';
import type { Executor } from '../../db/client.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/** Scheduled backups and retention, as stored in app_settings (odd stored values fall back to the defaults). */

interface StoredBackups {
  schedule?: unknown;
  lastResult?: BackupResult | null;
}

export async function readBackupSettings(db: Executor): Promise<{ schedule: BackupSchedule; lastResult: BackupResult | null }> {
  const stored = (await getSetting<StoredBackups>(db, SETTING_KEYS.backups)) ?? {};
  const schedule = backupScheduleSchema.safeParse(stored.schedule);
  return { schedule: schedule.success ? schedule.data : DEFAULT_BACKUP_SCHEDULE, lastResult: stored.lastResult ?? null };
}

export async function saveBackupSchedule(db: Executor, schedule: BackupSchedule): Promise<void> {
  const { lastResult } = await readBackupSettings(db);
  await putSetting(db, SETTING_KEYS.backups, { schedule, lastResult });
}

export async function saveBackupResult(db: Executor, lastResult: BackupResult): Promise<void> {
  const { schedule } = await readBackupSettings(db);
  await putSetting(db, SETTING_KEYS.backups, { schedule, lastResult });
}

export async function readRetention(db: Executor): Promise<RetentionSettings> {
  const parsed = retentionSettingsSchema.safeParse(await getSetting(db, SETTING_KEYS.retention));
  return parsed.success ? parsed.data : DEFAULT_RETENTION;
}

export async function saveRetention(db: Executor, settings: RetentionSettings): Promise<void> {
  await putSetting(db, SETTING_KEYS.retention, settings);
}
