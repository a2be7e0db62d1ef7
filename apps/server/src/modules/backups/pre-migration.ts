import { join } from 'node:path';
import { pendingMigrationCount } from '../../db/migrate.ts';
import type { Database } from '../../db/client.ts';
import { backupFileName, backupToFile } from './backup-commands.ts';
import { isEmptyDatabase } from './restore.ts';

/**
 * Before a new version migrates an existing embedded database, a backup of it as it was
 * (`pre-migration-backup-....sms.gz` in the backup folder): if the upgrade goes wrong, the data
 * of the old version can be restored with the old version. Nothing to do on a new or current database.
 */
export async function backupBeforeMigrating(database: Database, directory: string): Promise<string | undefined> {
  if (await isEmptyDatabase(database)) return undefined;
  if ((await pendingMigrationCount(database.db)) === 0) return undefined;
  const file = join(directory, `pre-migration-${backupFileName()}`);
  await backupToFile(database, file);
  console.info(`Backed up the embedded database to ${file} before applying new migrations.`);
  return file;
}
