import { join } from 'node:path';
import { pendingMigrationCount } from '../../db/migrate.ts';
import type { Database } from '../../db/client.ts';
import { auditBackupFailure, backupFileName, backupToFile } from './backup-commands.ts';
import { newBackupKey } from './backup-crypto.ts';
import { BackupFailed, failureReason } from './failure-reason.ts';
import { readBackupPassphrase } from './lifecycle-settings.ts';
import { isEmptyDatabase } from './restore.ts';

/**
 * Before a new version migrates an existing embedded database, a backup of it as it was
 * (`pre-migration-backup-....sms.gz` in the backup folder, encrypted like the scheduled ones when
 * the administrators set a passphrase): if the upgrade goes wrong, the data of the old version can
 * be restored with the old version. Nothing to do on a new or current database.
 */
export async function backupBeforeMigrating(database: Database, directory: string): Promise<string | undefined> {
  if (await isEmptyDatabase(database)) return undefined;
  if ((await pendingMigrationCount(database.db)) === 0) return undefined;
  const passphrase = await readBackupPassphrase(database.db);
  const file = join(directory, `pre-migration-${backupFileName(new Date(), passphrase !== undefined)}`);
  try {
    await backupToFile(database, file, { key: passphrase === undefined ? undefined : await newBackupKey(passphrase) });
  } catch (error) {
    const reason = failureReason(error);
    await auditBackupFailure(database.db, { file, reason, via: 'before migrating' });
    // Migrating without the copy would risk the data it protects: the start stops here, cleanly.
    throw new BackupFailed(
      `Could not back up the embedded database before applying new migrations, so nothing was changed: ${reason} (the folder is ${directory}; BACKUP_DIR chooses another).`,
      { cause: error },
    );
  }
  console.info(`Backed up the embedded database to ${file} before applying new migrations.`);
  return file;
}
