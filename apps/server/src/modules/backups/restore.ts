import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { BACKUP_MAGIC, BackupReader, parseHeader, type BackupManifest, type TableHeader } from './backup-format.ts';
import { inCopyTransaction, quoteIdent, type CopySession } from './copy-session.ts';
import { knownSchemaVersions, migrateUpTo } from './schema-version.ts';
import { listTables, sequences, tablesWithTriggers } from './table-catalog.ts';

/** A backup that cannot be restored here (newer schema, not a backup, truncated, target not empty). */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: Record<string, number>;
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

/** Reads the magic line and the manifest; refuses a file that is not a backup or is from a newer schema. */
async function readManifest(reader: BackupReader): Promise<BackupManifest> {
  const magic = await reader.line();
  if (magic !== BACKUP_MAGIC) throw new RestoreRefused('Not a backup file of this product.');
  const manifest = parseHeader<BackupManifest>((await reader.line()) ?? '', 'M');
  if (!knownSchemaVersions().includes(manifest.schemaVersion)) {
    throw new RestoreRefused(
      `The backup's schema (${manifest.schemaVersion}, product ${manifest.productVersion}) is newer than this product's: upgrade the product first.`,
    );
  }
  return manifest;
}

async function loadTables(session: CopySession, reader: BackupReader, tables: TableHeader[]): Promise<Record<string, number>> {
  const known = new Map(tables.map((table) => [table.name, table]));
  const rows: Record<string, number> = {};
  for (;;) {
    const line = await reader.line();
    if (line === undefined) throw new RestoreRefused('The backup file is truncated (no END line).');
    if (line.startsWith('END ')) {
      const expected = parseHeader<{ rows: Record<string, number> }>(line, 'END').rows;
      for (const [name, count] of Object.entries(expected)) {
        if ((rows[name] ?? 0) !== count)
          throw new RestoreRefused(`The backup file is damaged: ${name} holds ${rows[name] ?? 0} rows, ${count} expected.`);
      }
      return rows;
    }
    const table = parseHeader<TableHeader>(line, 'T');
    const here = known.get(table.name);
    const missing = table.columns.filter((column) => !here?.columns.includes(column));
    if (!here || missing.length)
      throw new RestoreRefused(`The backup's table ${table.name} does not match this schema (${missing.join(', ') || 'no such table'}).`);
    rows[table.name] = await session.copyIn(table, reader.body());
  }
}

/**
 * Restores a backup into an empty database: migrates it to the backup's schema version, loads
 * every table in one transaction (parents first; the tables' own triggers off, so counters and
 * webhooks do not fire twice), moves each id sequence past the loaded ids, then applies the
 * migrations newer than the backup.
 */
export async function restoreBackup(database: Database, source: Readable): Promise<RestoreSummary> {
  if (!(await isEmptyDatabase(database))) throw new RestoreRefused('The target database is not empty (use --force to replace it).');
  const unzipped = source.pipe(createGunzip());
  source.on('error', (error) => unzipped.destroy(error));
  const reader = new BackupReader(unzipped);
  const manifest = await readManifest(reader);
  await migrateUpTo(database, manifest.schemaVersion);
  const rows = await inCopyTransaction(database, 'write', async (session) => {
    // Migrations seed some rows (the built-in gateway, settings); the backup holds them as they were.
    const tables = await listTables(session);
    if (tables.length) await session.rows(`truncate table ${tables.map((table) => quoteIdent(table.name)).join(', ')}`);
    const triggered = await tablesWithTriggers(session);
    for (const name of triggered) await session.rows(`alter table ${quoteIdent(name)} disable trigger user`);
    const loaded = await loadTables(session, reader, tables);
    for (const name of triggered) await session.rows(`alter table ${quoteIdent(name)} enable trigger user`);
    for (const { table, column, sequence } of await sequences(session)) {
      await session.rows(`select setval($1, coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1, false)`, [
        sequence,
      ]);
    }
    return loaded;
  });
  unzipped.destroy();
  await database.migrate();
  return { manifest, rows };
}
