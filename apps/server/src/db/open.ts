import type { Database } from './client.ts';

// The driver is chosen here, apart from client.ts: the drivers import client.ts's types and
// MIGRATIONS_FOLDER, so client.ts importing them back would be a cycle.

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** PGlite: start from this data directory dump instead of an empty cluster (tests). */
  pgliteSnapshot?: Blob | undefined;
  /** Called with every statement sent through drizzle (tests count round trips with it). */
  onQuery?: ((query: string) => void) | undefined;
}

/** Opens PGlite or PostgreSQL according to the options; does not migrate. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl, options.onQuery);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite({ dataDir: options.pgliteDir, snapshot: options.pgliteSnapshot, onQuery: options.onQuery });
}
