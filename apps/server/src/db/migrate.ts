import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, queryRows, type Db } from './client.ts';

/** Number of migration files in the folder that the database has not recorded as applied. */
export async function pendingMigrationCount(db: Db): Promise<number> {
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  // drizzle's migrators record each applied migration in drizzle.__drizzle_migrations.
  const [row] = await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return Math.max(0, expected - Number(row?.applied ?? 0));
}
