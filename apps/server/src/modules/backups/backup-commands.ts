import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { recordAudit } from '../../platform/audit.ts';
import { checkInstallationDirectories } from '../../platform/private-directories.ts';
import {
  BACKUP_FAILURE_PATH,
  BACKUP_STREAM_PATH,
  BACKUP_TOKEN_HEADER,
  liveBackupEndpoint,
  type BackupEndpoint,
} from './backup-endpoint.ts';
import { encryptingStream, newBackupKey, type BackupKey } from './backup-crypto.ts';
import { writeBackup, type BackupSummary, type WriteBackupOptions } from './backup-writer.ts';
import { BackupFailed, failureReason } from './failure-reason.ts';
import {
  backupKeyOf,
  isEmptyDatabase,
  restoreBackup,
  RestoreFailed,
  RestoreRefused,
  verifyBackupFile,
  type RestoreSummary,
} from './restore.ts';

/** Where backups go by default: BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirectory = (config: Pick<Config, 'dataDir' | 'backupDir'>): string =>
  config.backupDir ?? join(config.dataDir, 'backups');

/** backup-2026-11-27T06-30-00-000Z.sms.gz (.sms.gz.enc when encrypted): sorts by time, and says what it is. */
export const backupFileName = (now = new Date(), encrypted = false): string =>
  `backup-${now.toISOString().replace(/[:.]/g, '-')}.sms.gz${encrypted ? ENCRYPTED_SUFFIX : ''}`;

/** What the name of an encrypted backup ends with (a restore recognises one by its content, not its name). */
export const ENCRYPTED_SUFFIX = '.enc';

/** Removes a file if it is there; a failure to remove it must not hide the error that led here. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing more to do: the backup's own error is the one to report.
  }
}

/**
 * Writes a backup to `file` (encrypted with `options.key` when given) through a `.partial` file,
 * so a failed backup never looks like a good one: on any failure the partial file is removed and
 * BackupFailed names the cause.
 */
export async function backupToFile(database: Database, file: string, options: WriteBackupOptions = {}): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const summary = await writeBackup(database, createWriteStream(partial, { mode: 0o600 }), options);
    renameSync(partial, file);
    return summary;
  } catch (error) {
    removeQuietly(partial);
    throw error instanceof BackupFailed ? error : new BackupFailed(failureReason(error), { cause: error });
  }
}

/**
 * Records a failed backup in the audit log, where the database answers; when it does not (the
 * failure may be that very connection), the caller's message is all there is.
 */
export async function auditBackupFailure(db: Executor, details: { file: string; reason: string; via: string }): Promise<void> {
  await recordAudit(db, {
    actor: null,
    action: 'backup.failed',
    subject: 'Settings',
    details: { file: basename(details.file), error: details.reason, via: details.via },
  }).catch(() => {});
}

const pgliteDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'pglite');

/** Errors of this process's own file writing (the disk, permissions), as opposed to the stream it reads. */
const LOCAL_FILE_CALLS = new Set(['open', 'write', 'mkdir', 'rename', 'close', 'fsync']);
const isLocalFileError = (error: unknown) => LOCAL_FILE_CALLS.has(String((error as { syscall?: unknown } | undefined)?.syscall));

/** `npm run backup` through the running embedded server, which owns the database files; this process encrypts. */
async function backupThroughServer(live: BackupEndpoint, file: string, key: BackupKey | undefined): Promise<void> {
  const headers = { [BACKUP_TOKEN_HEADER]: live.token };
  let response: Response;
  try {
    response = await fetch(`${live.url}${BACKUP_STREAM_PATH}`, { headers });
  } catch (error) {
    throw new BackupFailed(`The running server did not answer at ${live.url} (${failureReason(error)}).`, { cause: error });
  }
  if (!response.ok || !response.body)
    throw new BackupFailed(`The running server refused the backup (HTTP ${response.status}): ${await response.text()}`);
  const partial = `${file}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const body = Readable.fromWeb(response.body as WebReadableStream);
    const out = createWriteStream(partial, { mode: 0o600 });
    await (key ? pipeline(body, encryptingStream(key), out) : pipeline(body, out));
    renameSync(partial, file);
  } catch (error) {
    removeQuietly(partial);
    const reason = failureReason(error);
    if (!isLocalFileError(error))
      throw new BackupFailed(`The running server stopped sending the backup (${reason}); its log and audit log say why.`, { cause: error });
    // This process could not write the file: the server, which holds the database, records it.
    await fetch(`${live.url}${BACKUP_FAILURE_PATH}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ file: basename(file), error: reason }),
    }).catch(() => {});
    throw new BackupFailed(reason, { cause: error });
  }
}

/**
 * `npm run backup`: from the running embedded server when there is one (its process owns the
 * files), else straight from the database (PostgreSQL, or an embedded directory nobody uses);
 * encrypted with `passphrase` when one is given (`--encrypt`). A failure removes the partial file,
 * is audited where the database answers, and names its cause.
 */
export async function runBackupCommand(
  config: Config,
  out?: string,
  options: { passphrase?: string | undefined } = {},
): Promise<{ file: string; via: 'server' | 'direct'; encrypted: boolean }> {
  checkInstallationDirectories(config);
  const encrypted = options.passphrase !== undefined;
  const file = out ?? join(backupDirectory(config), backupFileName(new Date(), encrypted));
  // Derived before the snapshot starts: the embedded database's one connection is not held meanwhile.
  const key = options.passphrase === undefined ? undefined : await newBackupKey(options.passphrase);
  if (!config.databaseUrl) {
    const live = liveBackupEndpoint(config.dataDir);
    if (live) {
      await backupThroughServer(live, file, key);
      return { file, via: 'server', encrypted };
    }
    if (!existsSync(join(pgliteDir(config), 'PG_VERSION')))
      throw new Error(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDir(config) });
  } catch (error) {
    throw new BackupFailed(failureReason(error), { cause: error });
  }
  try {
    await backupToFile(database, file, { key });
  } catch (error) {
    await auditBackupFailure(database.db, { file, reason: failureReason(error), via: 'npm run backup' });
    throw error;
  } finally {
    await database.close().catch(() => {});
  }
  return { file, via: 'direct', encrypted };
}

export interface RestoreCommandOptions {
  /** Replace a database the target already holds. */
  force: boolean;
  /** Let the restored copy send as the source did, without the sending hold (decision 072). */
  resumeSending: boolean;
  /** Asked for the passphrase when the file is encrypted (BACKUP_PASSPHRASE, or the terminal). */
  passphrase?: (() => Promise<string>) | undefined;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Staging folders of embedded restores whose process is gone (killed midway): nobody will finish them. */
function removeAbandonedStaging(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  for (const name of readdirSync(dataDir)) {
    const match = /^pglite\.restoring-(\d+)(\.lock)?$/.exec(name);
    if (match && !isRunning(Number(match[1]))) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * An embedded restore loads into a new folder next to DATA_DIR/pglite and swaps it in only once
 * complete, so a failure (or a kill) midway leaves DATA_DIR as it was: no half-restored database,
 * none that needs --force before the retry; with --force the old database stays until the new one
 * is whole.
 */
async function restoreEmbedded(
  config: Config,
  file: string,
  checked: RestoreSummary,
  options: RestoreCommandOptions & { key: BackupKey | undefined },
): Promise<RestoreSummary> {
  if (liveBackupEndpoint(config.dataDir)) throw new RestoreRefused('The server is running on this DATA_DIR: stop it before restoring.');
  const live = pgliteDir(config);
  const replacing = existsSync(join(live, 'PG_VERSION'));
  if (replacing && !options.force) throw new RestoreRefused(`${live} already holds a database (use --force to replace it).`);
  const dataDirExisted = existsSync(config.dataDir);
  removeAbandonedStaging(config.dataDir);
  const staging = `${live}.restoring-${process.pid}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ pgliteDir: staging });
    const summary = await restoreBackup(database, file, { resumeSending: options.resumeSending, checked, key: options.key });
    await database.close();
    database = undefined;
    if (replacing) {
      const replaced = `${live}.replaced-${process.pid}`;
      renameSync(live, replaced);
      renameSync(staging, live);
      rmSync(replaced, { recursive: true, force: true });
    } else {
      rmSync(live, { recursive: true, force: true });
      renameSync(staging, live);
    }
    return summary;
  } catch (error) {
    await database?.close().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    rmSync(`${staging}.lock`, { force: true });
    if (!dataDirExisted && readdirSync(config.dataDir).length === 0) rmSync(config.dataDir, { recursive: true, force: true });
    if (error instanceof RestoreRefused || error instanceof RestoreFailed) throw error;
    throw new RestoreFailed(`${failureReason(error)} ${config.dataDir} was left as it was.`, { cause: error });
  }
}

/**
 * `npm run restore -- FILE [--force] [--resume-sending]`: into an empty DATA_DIR or an empty
 * PostgreSQL database; a non-empty target only with `force` (which replaces it). The whole file is
 * read and checked first; then it loads so that a failure leaves the target as it was (one
 * transaction on PostgreSQL, a folder swapped in when complete on the embedded database).
 */
export async function runRestoreCommand(config: Config, file: string, options: RestoreCommandOptions): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new RestoreRefused(`No such backup file: ${file}`);
  if (!config.databaseUrl) checkInstallationDirectories(config);
  const key = await backupKeyOf(file, options.passphrase);
  const checked = await verifyBackupFile(file, key);
  if (!config.databaseUrl) return restoreEmbedded(config, file, checked, { ...options, key });
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl });
  } catch (error) {
    throw new RestoreFailed(`${failureReason(error)} Nothing was changed.`, { cause: error });
  }
  try {
    const replace = !(await isEmptyDatabase(database));
    if (replace && !options.force) throw new RestoreRefused('The PostgreSQL database is not empty (use --force to replace it).');
    // --force drops the old installation inside the load's transaction: a failure keeps it.
    return await restoreBackup(database, file, { resumeSending: options.resumeSending, replace, checked, key });
  } finally {
    await database.close().catch(() => {});
  }
}
