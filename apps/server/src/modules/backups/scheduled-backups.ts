import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BackupResult, BackupsStatus } from '@sms/contracts/data-lifecycle';
import type { Database, Executor } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { backupFileName, backupToFile } from './backup-commands.ts';
import { isEncryptedFile, newBackupKey } from './backup-crypto.ts';
import { failureReason } from './failure-reason.ts';
import { readBackupEncryption, readBackupPassphrase, readBackupSettings, saveBackupResult } from './lifecycle-settings.ts';

/** Files of scheduled and on-demand backups, plain or encrypted (pre-migration ones have their own prefix and are never pruned). */
const isBackupFile = (name: string) => /^backup-.*\.sms\.gz(\.enc)?$/.test(name);

/** Why a backup that must be encrypted is not taken: the passphrase never travels in a backup, so a restored installation lacks it. */
export const PASSPHRASE_MISSING =
  'Backups are to be encrypted, but this installation has no passphrase for them (a backup never holds it, so a restored installation needs it set again): set it again in Configurations -> Maintenance, or turn encryption off there.';

/** The backup files in `directory`, newest first. */
export function listBackupFiles(directory: string): BackupsStatus['files'] {
  let names: string[];
  try {
    names = readdirSync(directory).filter(isBackupFile);
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const path = join(directory, name);
      const stats = statSync(path);
      return { name, bytes: stats.size, at: stats.mtime.toISOString(), encrypted: isEncryptedFile(path) };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** Keeps the newest `keep` backup files. */
function prune(directory: string, keep: number): void {
  for (const file of listBackupFiles(directory).slice(keep)) rmSync(join(directory, file.name), { force: true });
}

/**
 * Takes a backup into `directory` now (the schedule, or an administrator's "Back up now"),
 * encrypted when the administrators set a passphrase, prunes to the newest `keep`, and records the
 * result; a failure (its partial file removed, its cause in words) is also an audit entry, which
 * administrators see in the audit log.
 */
export async function backUpNow(database: Database, directory: string, actor: AuditActor | null): Promise<BackupResult> {
  const { schedule } = await readBackupSettings(database.db);
  const passphrase = await readBackupPassphrase(database.db);
  const encrypted = passphrase !== undefined;
  let result: BackupResult;
  try {
    if (!encrypted && (await readBackupEncryption(database.db)).state === 'missing') throw new Error(PASSPHRASE_MISSING);
    // Derived before the snapshot: the embedded database's one connection is not held meanwhile.
    const key = passphrase === undefined ? undefined : await newBackupKey(passphrase);
    const file = join(directory, backupFileName(new Date(), encrypted));
    await backupToFile(database, file, { key });
    prune(directory, schedule.keep);
    result = { at: new Date().toISOString(), ok: true, file: basename(file), bytes: statSync(file).size, error: null, encrypted };
  } catch (error) {
    result = {
      at: new Date().toISOString(),
      ok: false,
      file: null,
      bytes: null,
      error: failureReason(error),
      encrypted,
    };
  }
  await saveBackupResult(database.db, result);
  await recordAudit(database.db, {
    actor,
    action: result.ok ? 'backup.create' : 'backup.failed',
    subject: 'Settings',
    ip: null,
    details: { file: result.file, bytes: result.bytes, error: result.error, encrypted, scheduled: actor === null },
  });
  return result;
}

/** Whether the daily backup is due at `now`: enabled, its hour (UTC) reached, none taken since. */
export async function scheduledBackupDue(db: Executor, now = new Date()): Promise<boolean> {
  const { schedule, lastResult } = await readBackupSettings(db);
  if (!schedule.enabled || now.getUTCHours() < schedule.hour) return false;
  const todayAtHour = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.hour);
  return !lastResult || Date.parse(lastResult.at) < todayAtHour;
}
