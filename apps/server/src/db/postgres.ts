import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseAvailability } from './availability.ts';
import { MIGRATIONS_FOLDER, queryLogger, type Database, type Db } from './client.ts';
import * as schema from './schema.ts';

// Any fixed 64-bit number works; every process of this app agrees on it.
const MIGRATION_LOCK_KEY = 7_310_001;

/** Opens a node-postgres pool on `url`. */
export async function openPostgres(url: string, onQuery?: (query: string) => void): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: 'sms-platform',
    // A server that stopped answering (a failover behind a virtual address, a cut network) fails
    // a new connection after 5 s instead of holding the request; TCP keep-alive notices a dead
    // peer under a connection in use.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // No JIT compilation: this is short statements at a high rate, where compiling (hundreds of
    // milliseconds) costs far more than it saves. A receipt flush whose row estimate rose with a
    // growing table took 0.7 s instead of 50 ms, every flush (decision 074).
    options: '-c jit=off',
  });
  const ping = async () => {
    await pool.query('select 1');
  };
  const availability = new DatabaseAvailability(ping);
  // A client losing its connection must not end the process: node-postgres emits 'error' on the
  // client, and with nobody listening (a checked-out client between two statements: the pool only
  // listens while it is idle) that event is an uncaught exception. The statement in progress, if
  // any, fails on its own; the pool drops the client when it is released.
  const onClientError = (error: Error) => {
    if (!availability.failed(error)) console.error('PostgreSQL connection error:', error.message);
  };
  pool.on('connect', (client) => client.on('error', onClientError));
  pool.on('error', onClientError);
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
    ping,
    availability,
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
    close: async () => {
      availability.close();
      if (!pool.ended) await pool.end();
    },
  };
}
