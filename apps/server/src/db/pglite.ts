import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

/** Opens embedded PostgreSQL (PGlite) in `dataDir`, or in memory when no directory is given. */
export async function openPglite(options: { dataDir?: string | undefined; snapshot?: Blob | undefined }): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  await pglite.waitReady;
  const db = drizzle({ client: pglite, schema });
  return {
    driver: 'pglite',
    db: db as unknown as Db,
    jobsTarget: { kind: 'pglite', pglite },
    // One process owns a PGlite directory, so there is nobody to race with.
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
