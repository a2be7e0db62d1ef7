import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's files belong to the running server, so `npm run backup` asks that
 * process for the backup: the server publishes a loopback address and a random token in a file of
 * DATA_DIR readable by its owner only; whoever can read it may already read the database files.
 */
const endpointFile = (dataDir: string) => join(dataDir, 'backup-endpoint.json');

export const BACKUP_TOKEN_HEADER = 'x-backup-token';
export const BACKUP_STREAM_PATH = '/api/backups/stream';
/** Where `npm run backup` reports that it could not write the file it was streamed (the server audits it). */
export const BACKUP_FAILURE_PATH = '/api/backups/stream/failed';

export interface BackupEndpoint {
  url: string;
  token: string;
  pid: number;
}

/** A new token for this process (kept in memory by the route, written to the file on listen). */
export const newBackupToken = (): string => randomBytes(32).toString('hex');

/** Writes the endpoint file (owner-only); answers a function that removes it. */
export function publishBackupEndpoint(dataDir: string, endpoint: Omit<BackupEndpoint, 'pid'>): () => void {
  const file = endpointFile(dataDir);
  writeFileSync(file, JSON.stringify({ ...endpoint, pid: process.pid }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running embedded server's endpoint, when its database lock is held by a live process. */
export function liveBackupEndpoint(dataDir: string): BackupEndpoint | undefined {
  const lock = join(dataDir, 'pglite.lock');
  if (!existsSync(lock)) return undefined;
  const owner = Number(readFileSync(lock, 'utf8').trim());
  if (!owner || !isRunning(owner)) return undefined;
  if (!existsSync(endpointFile(dataDir))) {
    throw new Error(
      `A server process (pid ${owner}) holds the embedded database but publishes no backup endpoint: stop it, or upgrade it.`,
    );
  }
  return JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as BackupEndpoint;
}

/** Constant-time comparison of a presented token with the process's own. */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
