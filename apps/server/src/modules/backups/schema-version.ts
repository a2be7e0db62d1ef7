import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client.ts';
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
 * Migrates a database up to `tag` only: a temporary migrations folder holds the journal cut after
 * that entry and its SQL files. A restore loads the rows into exactly the schema they came from,
 * then applies the newer migrations so that they convert the rows as they would have in place.
 */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const journal = readJournal();
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`Unknown schema version ${tag}.`);
  const folder = mkdtempSync(join(tmpdir(), 'sms-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    const entries = journal.entries.slice(0, last + 1);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
