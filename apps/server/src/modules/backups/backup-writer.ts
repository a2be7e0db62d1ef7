import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { REPO_ROOT } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { SETTING_KEYS } from '../../platform/settings.ts';
import { encryptingStream, type BackupKey } from './backup-crypto.ts';
import { BACKUP_MAGIC, SECTION_END, writeChunk, type BackupManifest } from './backup-format.ts';
import { inCopyTransaction } from './copy-session.ts';
import { BackupFailed, failureReason } from './failure-reason.ts';
import { appliedSchemaVersion } from './schema-version.ts';
import { listTables } from './table-catalog.ts';

export interface BackupSummary {
  manifest: BackupManifest;
  /** Rows written per table. */
  rows: Record<string, number>;
}

/** The version in the root package.json (the product's version). */
export const productVersion = (): string => (JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { version: string }).version;

/**
 * Rows no backup holds, by table (SQL conditions on the rows kept): the passphrase of encrypted
 * backups, which must never travel inside the files it protects.
 */
const LEFT_OUT: Readonly<Record<string, string>> = { app_settings: `key <> '${SETTING_KEYS.backupPassphrase}'` };

export interface WriteBackupOptions {
  /** Encrypt the file with this key (backup-crypto.ts); plain gzip without it. */
  key?: BackupKey | undefined;
}

const countLines = (chunk: Buffer) => {
  let lines = 0;
  for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  return lines;
};

/**
 * Writes a backup of the whole database to `destination` (gzip'd, then encrypted when `options.key`
 * is given; see backup-format.ts, backup-crypto.ts), the rows of LEFT_OUT excepted. Every
 * table is read inside one repeatable-read transaction, so the file is one consistent moment even
 * while imports and campaigns write; rows stream through, never held all at once.
 *
 * Fails cleanly: an error of the destination (a full disk, no permission, a reader gone) or of
 * the database (a lost connection) ends the snapshot transaction and rejects with BackupFailed,
 * whose message names the cause. No stream of the pipeline is left with an unhandled error.
 */
export async function writeBackup(database: Database, destination: Writable, options: WriteBackupOptions = {}): Promise<BackupSummary> {
  const gzip = createGzip({ level: 6 });
  // The pipeline's failure is kept from the moment it happens: the transaction is still reading
  // then, and the next write stops it.
  let streamFailure: unknown;
  const piped = options.key ? pipeline(gzip, encryptingStream(options.key), destination) : pipeline(gzip, destination);
  const written = piped.catch((error: unknown) => {
    streamFailure ??= error;
  });
  const write = async (chunk: Buffer | string) => {
    if (streamFailure) throw streamFailure;
    await writeChunk(gzip, chunk);
  };
  try {
    const summary = await inCopyTransaction(database, 'snapshot', async (session) => {
      const manifest: BackupManifest = {
        format: 1,
        productVersion: productVersion(),
        schemaVersion: await appliedSchemaVersion(session),
        createdAt: new Date().toISOString(),
        source: database.driver,
      };
      await write(`${BACKUP_MAGIC}\nM ${JSON.stringify(manifest)}\n`);
      const rows: Record<string, number> = {};
      for (const table of await listTables(session)) {
        await write(`T ${JSON.stringify(table)}\n`);
        let count = 0;
        await session.copyOut(
          table,
          async (chunk) => {
            count += countLines(chunk);
            await write(chunk);
          },
          LEFT_OUT[table.name],
        );
        await write(`${SECTION_END}\n`);
        rows[table.name] = count;
      }
      await write(`END ${JSON.stringify({ rows })}\n`);
      return { manifest, rows };
    });
    gzip.end();
    await written;
    if (streamFailure) throw streamFailure;
    return summary;
  } catch (error) {
    // The destination's error is the cause; the transaction's (a write refused) only follows from
    // it. Read before the pipeline is torn down, whose own "premature close" says nothing.
    const cause = streamFailure ?? error;
    gzip.destroy();
    await written;
    throw new BackupFailed(failureReason(cause), { cause });
  }
}
