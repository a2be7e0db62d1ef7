import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/**
 * DATA_DIR and BACKUP_DIR hold every secret of the installation (password hashes, the token
 * signing secret, gateway credentials), so they are their owner's alone: created with mode 0700,
 * and a server refuses to start on one that other users of the machine may read or enter
 * (docs/decisions/078-owner-only-files-and-encrypted-backups.md). Only the folders' own modes are
 * read, never every file under them (a database holds thousands).
 */

/** A folder of the installation that other users may read or enter: the message names it and the fix. */
export class DirectoryOpenToOthers extends Error {
  override name = 'DirectoryOpenToOthers';
}

/** Group and other permission bits. */
const OPEN_TO_OTHERS = 0o077;

const shellQuoted = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`);

/** The folder's permission bits, or undefined when it does not exist (yet). */
function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Refuses `directory` (named by its variable) when group or others have any permission on it, or
 * on one of its `inner` folders (its database folder, its backups): throws DirectoryOpenToOthers
 * with the command that fixes it. A folder that does not exist passes (it is created 0700).
 */
export function checkOwnerOnly(variable: 'DATA_DIR' | 'BACKUP_DIR', directory: string, inner: readonly string[] = []): void {
  if (process.platform === 'win32') return;
  for (const path of [directory, ...inner.map((name) => join(directory, name))]) {
    const mode = modeOf(path);
    if (mode === undefined || (mode & OPEN_TO_OTHERS) === 0) continue;
    const what = path === directory ? `${variable} ${directory}` : `${path} (in ${variable})`;
    const how = mode & 0o044 ? 'readable by other users' : 'open to other users';
    const fix = path === directory ? `chmod 700 ${shellQuoted(path)}\` (and \`` : '';
    throw new DirectoryOpenToOthers(
      `${what} is ${how} (mode ${mode.toString(8).padStart(4, '0')}): run \`${fix}chmod -R go-rwx ${shellQuoted(directory)}\`${fix ? ')' : ''}, or point ${variable} elsewhere.`,
    );
  }
}

/** Creates `directory` and its missing parents for this process's owner only (mode 0700). */
export function makeOwnerOnlyDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
}

/**
 * The start-up check of a server, worker or command: DATA_DIR (with its database, uploads and
 * default backup folders) and BACKUP_DIR when set.
 */
export function checkInstallationDirectories(config: Pick<Config, 'dataDir' | 'backupDir'>): void {
  checkOwnerOnly('DATA_DIR', config.dataDir, ['pglite', 'uploads', 'backups']);
  if (config.backupDir) checkOwnerOnly('BACKUP_DIR', config.backupDir);
}
