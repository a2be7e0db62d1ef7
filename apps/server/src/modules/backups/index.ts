// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { backupDirectory, backupFileName, backupToFile, runBackupCommand, runRestoreCommand } from './backup-commands.ts';
export { BackupFailed } from './failure-reason.ts';
export { BACKUP_STREAM_PATH, newBackupToken, publishBackupEndpoint } from './backup-endpoint.ts';
export { writeBackup, type BackupSummary } from './backup-writer.ts';
export { restoreBackup, RestoreFailed, RestoreRefused, verifyBackupFile, type RestoreSummary } from './restore.ts';
export { backupStreamRoutes } from './backup-stream.routes.ts';
export { backupBeforeMigrating } from './pre-migration.ts';
export { backupsRoutes } from './backups.routes.ts';
export { runLifecycleOnce, startLifecycleJobs } from './lifecycle-jobs.ts';
export { applyRetention } from './retention.ts';
export { commandPassphrase } from './passphrase-input.ts';
