import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { holdSending } from '../campaigns/index.ts';
import {
  backupKeyFor,
  DecryptionFailed,
  decryptingStream,
  ENCRYPTED_HEADER_LENGTH,
  isEncryptedFile,
  readEncryptionHeader,
  type BackupKey,
} from './backup-crypto.ts';
import { BACKUP_MAGIC, BackupReader, parseHeader, type BackupManifest, type TableHeader } from './backup-format.ts';
import { inCopyTransaction, quoteIdent, type CopySession } from './copy-session.ts';
import { failureReason } from './failure-reason.ts';
import { applyMigrations, knownSchemaVersions } from './schema-version.ts';
import { listTables, sequences, tablesWithTriggers } from './table-catalog.ts';

/** A backup that cannot be restored here (not a backup, truncated or damaged, newer schema, target not empty). */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** A restore that failed while loading (a full disk, a lost connection): the target was left as it was. */
export class RestoreFailed extends Error {
  override name = 'RestoreFailed';
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: Record<string, number>;
}

export interface RestoreOptions {
  /**
   * Let the restored copy send as the source did (`npm run restore -- FILE --resume-sending`).
   * By default it holds sending until an administrator resumes it (decision 072).
   */
  resumeSending?: boolean;
  /** PostgreSQL: drop what the database holds, in the same transaction as the load (`--force`). */
  replace?: boolean;
  /** The file's check, when the caller already made it (verifyBackupFile): it is not read twice before loading. */
  checked?: RestoreSummary;
  /** The key of an encrypted file (backupKeyOf). */
  key?: BackupKey | undefined;
}

const ENCRYPTED_NEEDS_PASSPHRASE =
  'The backup file is encrypted: give its passphrase (BACKUP_PASSPHRASE, or type it when npm run restore asks).';

/**
 * The key of `file` when it is encrypted (recognised by its first bytes, whatever its name), from
 * the passphrase `ask` answers; undefined for a plain backup. The passphrase is only asked for an
 * encrypted file; a wrong one shows when the first chunk is read (verifyBackupFile).
 */
export async function backupKeyOf(file: string, ask: (() => Promise<string>) | undefined): Promise<BackupKey | undefined> {
  let header: Buffer | undefined;
  try {
    header = await readEncryptionHeader(file);
  } catch (error) {
    if (error instanceof DecryptionFailed) throw new RestoreRefused(error.message, { cause: error });
    throw error;
  }
  if (!header) return undefined;
  if (!ask) throw new RestoreRefused(ENCRYPTED_NEEDS_PASSPHRASE);
  try {
    return await backupKeyFor(header, await ask());
  } catch (error) {
    if (error instanceof DecryptionFailed) throw new RestoreRefused(error.message, { cause: error });
    throw error;
  }
}

/** The file's gzip bytes: as they are, or decrypted chunk by chunk with `key`. */
function gzipBytes(file: string, key: BackupKey | undefined): Readable {
  if (!key) return createReadStream(file);
  const sealed = createReadStream(file, { start: ENCRYPTED_HEADER_LENGTH });
  const plain = decryptingStream(key);
  sealed.on('error', (error) => plain.destroy(error));
  plain.on('close', () => sealed.destroy());
  return sealed.pipe(plain);
}

/** Whether the database holds nothing of this product yet (no table, no migration recorded). */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  return inCopyTransaction(database, 'snapshot', async (session) => {
    const [row] = await session.rows<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and (n.nspname = 'public' or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'))`,
    );
    return (row?.tables ?? 0) === 0;
  });
}

/** An error reading the backup file, wherever it surfaces (a table's rows are read by the loading COPY). */
class FileError extends Error {
  readonly error: unknown;
  constructor(error: unknown) {
    super('the backup file could not be read');
    this.error = error;
  }
}
async function* fileErrorsMarked(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* body;
  } catch (error) {
    throw new FileError(error);
  }
}

/**
 * Reads the file's header and one table after another, handing each table's body to `table`.
 * Errors of the file become RestoreRefused naming the cause; errors of the callbacks' own work
 * (the target's) pass through as they are.
 */
async function readBackup(
  file: string,
  key: BackupKey | undefined,
  table: (header: TableHeader, body: AsyncIterable<Buffer>) => Promise<number>,
  afterManifest: (manifest: BackupManifest) => Promise<void> = async () => {},
): Promise<RestoreSummary> {
  if (!key && isEncryptedFile(file)) throw new RestoreRefused(ENCRYPTED_NEEDS_PASSPHRASE);
  const source = gzipBytes(file, key);
  const unzipped = source.pipe(createGunzip());
  source.on('error', (error) => unzipped.destroy(error));
  const reader = new BackupReader(unzipped);
  const line = async () => {
    try {
      return await reader.line();
    } catch (error) {
      throw new FileError(error);
    }
  };
  const header = <T>(text: string, letter: string): T => {
    try {
      return parseHeader<T>(text, letter);
    } catch (error) {
      throw new FileError(error);
    }
  };
  try {
    if ((await line()) !== BACKUP_MAGIC) throw new RestoreRefused('Not a backup file of this product.');
    const manifest = header<BackupManifest>((await line()) ?? '', 'M');
    if (!knownSchemaVersions().includes(manifest.schemaVersion)) {
      throw new RestoreRefused(
        `The backup's schema (${manifest.schemaVersion}, product ${manifest.productVersion}) is newer than this product's: upgrade the product first.`,
      );
    }
    await afterManifest(manifest);
    const rows: Record<string, number> = {};
    for (;;) {
      const next = await line();
      if (next === undefined) throw new RestoreRefused('The backup file is truncated: it ends before its last part (no END line).');
      if (next.startsWith('END ')) {
        const expected = header<{ rows: Record<string, number> }>(next, 'END').rows;
        for (const [name, count] of Object.entries(expected)) {
          if ((rows[name] ?? 0) !== count)
            throw new RestoreRefused(`The backup file is damaged: ${name} holds ${rows[name] ?? 0} rows, ${count} expected.`);
        }
        // Reading on to the end checks the gzip trailer (its CRC and length) too.
        if ((await line()) !== undefined) throw new RestoreRefused('The backup file is damaged: there is more after its END line.');
        return { manifest, rows };
      }
      const section = header<TableHeader>(next, 'T');
      rows[section.name] = await table(section, fileErrorsMarked(reader.body()));
    }
  } catch (thrown) {
    if (!(thrown instanceof FileError)) throw thrown;
    if (thrown.error instanceof DecryptionFailed) throw new RestoreRefused(thrown.error.message, { cause: thrown.error });
    // zlib's "unexpected end of file" is a truncated file, its "incorrect header check" not a
    // backup; anything else unreadable (a header that is not JSON) is a damaged file.
    const error = thrown.error;
    const reason = failureReason(error);
    const named = reason !== (error instanceof Error ? error.message : String(error)) || reason.startsWith('The backup file');
    throw new RestoreRefused(named ? reason : `The backup file is damaged: ${reason}`, { cause: error });
  } finally {
    unzipped.destroy();
    source.destroy();
  }
}

const countLines = (chunk: Buffer) => {
  let lines = 0;
  for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  return lines;
};

/**
 * Reads the whole file without touching any database: readable to the end (the gzip trailer's
 * checksum included), from a schema this product knows, every table's row count as its END line
 * says. A restore does this first, so a truncated or damaged file is refused before anything changes.
 */
export async function verifyBackupFile(file: string, key?: BackupKey): Promise<RestoreSummary> {
  return readBackup(file, key, async (_header, body) => {
    let lines = 0;
    for await (const chunk of body) lines += countLines(chunk);
    return lines;
  });
}

/** Drops what a previous installation left in a PostgreSQL database (restore --force), inside the load's transaction. */
async function dropEverything(session: CopySession): Promise<void> {
  await session.exec(
    'drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade',
  );
}

/**
 * Restores a backup into an empty database (or, with `replace` on PostgreSQL, instead of what it
 * holds). First the whole file is read and checked; then, in ONE transaction: the schema as the
 * backup's version had it, every table loaded (parents first; the tables' own triggers off, so
 * counters and webhooks do not fire twice), each id sequence moved past the loaded ids, the
 * migrations newer than the backup, and the sending hold (unless `resumeSending`). A failure at
 * any point (a full disk, a lost connection) rolls all of it back: the target is as it was.
 */
export async function restoreBackup(database: Database, file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const checked = options.checked ?? (await verifyBackupFile(file, options.key));
  if (!options.replace && !(await isEmptyDatabase(database)))
    throw new RestoreRefused('The target database is not empty (use --force to replace it).');
  try {
    return await inCopyTransaction(database, 'write', async (session) => {
      if (options.replace) await dropEverything(session);
      let tables: TableHeader[] = [];
      let triggered: string[] = [];
      const loaded = await readBackup(
        file,
        options.key,
        async (header, body) => {
          const here = tables.find((table) => table.name === header.name);
          const missing = header.columns.filter((column) => !here?.columns.includes(column));
          if (!here || missing.length)
            throw new RestoreRefused(
              `The backup's table ${header.name} does not match this schema (${missing.join(', ') || 'no such table'}).`,
            );
          return session.copyIn(header, body);
        },
        async (manifest) => {
          await applyMigrations(session, manifest.schemaVersion);
          // Migrations seed some rows (the built-in gateway, settings); the backup holds them as they were.
          tables = await listTables(session);
          if (tables.length) await session.rows(`truncate table ${tables.map((table) => quoteIdent(table.name)).join(', ')}`);
          triggered = await tablesWithTriggers(session);
          for (const name of triggered) await session.rows(`alter table ${quoteIdent(name)} disable trigger user`);
        },
      );
      for (const name of triggered) await session.rows(`alter table ${quoteIdent(name)} enable trigger user`);
      for (const { table, column, sequence } of await sequences(session)) {
        await session.rows(`select setval($1, coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1, false)`, [
          sequence,
        ]);
      }
      // The newer migrations convert the old rows as they would have in place.
      await applyMigrations(session);
      if (!options.resumeSending) await holdSending(session.executor, 'restored');
      return { manifest: checked.manifest, rows: loaded.rows };
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreFailed(`${failureReason(error)} The target database was left as it was.`, { cause: error });
  }
}
