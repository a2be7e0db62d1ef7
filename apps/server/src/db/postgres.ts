import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, queryLogger, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

// Any fixed 64-bit number works; every process of this app agrees on it.
const MIGRATION_LOCK_KEY = 7_310_001;

/** Opens a node-postgres pool on `url`. */
export async function openPostgres(url: string, onQuery?: (query: string) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'sms-platform' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzle({ client: pool, schema, ...queryLogger(onQuery) });
  return {
    driver: 'postgres',
    db: db as unknown as Db,
    jobsTarget: { kind: 'postgres', connectionString: url },
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      // Several API and worker processes may start at once: one migrates, the others wait for it
      // and then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
