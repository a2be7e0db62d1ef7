import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import pg from 'pg';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/open.ts';
import { BACKUP_STREAM_PATH, BACKUP_TOKEN_HEADER, liveBackupEndpoint } from './backup-endpoint.ts';
import { writeBackup, type BackupSummary } from './backup-writer.ts';
import { isEmptyDatabase, restoreBackup, RestoreRefused, type RestoreSummary } from './restore.ts';

/** Where backups go by default: BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirectory = (config: Pick<Config, 'dataDir' | 'backupDir'>): string =>
  config.backupDir ?? join(config.dataDir, 'backups');

/** backup-2026-11-27T06-30-00-000Z.sms.gz: sorts by time, and says what it is. */
export const backupFileName = (now = new Date()): string => `backup-${now.toISOString().replace(/[:.]/g, '-')}.sms.gz`;

/** Writes a backup to `file` through a `.partial` file, so a failed backup never looks like a good one. */
export async function backupToFile(database: Database, file: string): Promise<BackupSummary> {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const summary = await writeBackup(database, createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

const pgliteDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'pglite');

/**
 * `npm run backup`: from the running embedded server when there is one (its process owns the
 * files), else straight from the database (PostgreSQL, or an embedded directory nobody uses).
 */
export async function runBackupCommand(config: Config, out?: string): Promise<{ file: string; via: 'server' | 'direct' }> {
  const file = out ?? join(backupDirectory(config), backupFileName());
  if (!config.databaseUrl) {
    const live = liveBackupEndpoint(config.dataDir);
    if (live) {
      const response = await fetch(`${live.url}${BACKUP_STREAM_PATH}`, { headers: { [BACKUP_TOKEN_HEADER]: live.token } });
      if (!response.ok || !response.body)
        throw new Error(`The running server refused the backup (HTTP ${response.status}): ${await response.text()}`);
      mkdirSync(dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      try {
        await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(partial, { mode: 0o600 }));
        renameSync(partial, file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      return { file, via: 'server' };
    }
    if (!existsSync(join(pgliteDir(config), 'PG_VERSION')))
      throw new Error(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDir(config) });
  try {
    await backupToFile(database, file);
  } finally {
    await database.close();
  }
  return { file, via: 'direct' };
}

/** Drops everything of the product from a PostgreSQL database (restore --force). */
async function wipePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade',
    );
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- FILE [--force]`: into an empty DATA_DIR or an empty PostgreSQL database;
 * a non-empty target only with `force` (which replaces it).
 */
export async function runRestoreCommand(config: Config, file: string, options: { force: boolean }): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new RestoreRefused(`No such backup file: ${file}`);
  if (!config.databaseUrl) {
    if (liveBackupEndpoint(config.dataDir)) throw new RestoreRefused('The server is running on this DATA_DIR: stop it before restoring.');
    if (existsSync(join(pgliteDir(config), 'PG_VERSION'))) {
      if (!options.force) throw new RestoreRefused(`${pgliteDir(config)} already holds a database (use --force to replace it).`);
      rmSync(pgliteDir(config), { recursive: true, force: true });
    }
  }
  let database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDir(config) });
  try {
    if (config.databaseUrl && !(await isEmptyDatabase(database))) {
      if (!options.force) throw new RestoreRefused('The PostgreSQL database is not empty (use --force to replace it).');
      await database.close();
      await wipePostgres(config.databaseUrl);
      database = await openDatabase({ databaseUrl: config.databaseUrl });
    }
    return await restoreBackup(database, createReadStream(file));
  } finally {
    await database.close();
  }
}
