import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import type { CopySession } from './copy-session.ts';

/**
 * The schema version of a database is the tag of the last migration it applied. drizzle records
 * applied migrations by their journal time (`when`), so the journal translates one into the other.
 */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

const readJournal = (): Journal => JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The tags this product knows, oldest first. */
export const knownSchemaVersions = (): string[] => readJournal().entries.map((entry) => entry.tag);

/** The newest migration tag this product ships. */
export const currentSchemaVersion = (): string => knownSchemaVersions().at(-1) ?? '';

/** The tag of the last migration applied to the database ('' when none). */
export async function appliedSchemaVersion(session: CopySession): Promise<string> {
  const [row] = await session.rows<{ created_at: string | null }>(
    `select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const when = Number(row?.created_at ?? 0);
  const entry = readJournal().entries.find((candidate) => candidate.when === when);
  if (!entry && when) throw new Error(`The database has a migration (${when}) this version of the product does not know: it is newer.`);
  return entry?.tag ?? '';
}

/**
 * Applies the product's migrations inside the caller's transaction, up to `tag` (all of them when
 * absent), recording each as drizzle's migrator does (drizzle.__drizzle_migrations: hash and
 * journal time), so that a server started later finds nothing left to do. A restore loads the rows
 * into exactly the schema they came from, then applies the newer migrations so that they convert
 * the rows as they would have in place; being one transaction with the load, a failure leaves
 * neither schema nor rows behind.
 */
export async function applyMigrations(session: CopySession, tag?: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const last = tag === undefined ? migrations.length - 1 : readJournal().entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`Unknown schema version ${tag}.`);
  await session.exec('create schema if not exists drizzle');
  await session.exec(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const [applied] = await session.rows<{ created_at: string | null }>(
    `select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const appliedUpTo = Number(applied?.created_at ?? 0);
  for (const migration of migrations.slice(0, last + 1)) {
    if (migration.folderMillis <= appliedUpTo) continue;
    for (const statement of migration.sql) await session.exec(statement);
    await session.rows('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}
