import type { PGlite } from '@electric-sql/pglite';
import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss's database adapter for PGlite's single connection.
 *
 * pg-boss sends parameterless multi-statement blocks (`BEGIN; ...; COMMIT;`). PGlite's query()
 * runs one statement, so these go through exec(). A block that fails halfway leaves the one
 * connection inside an aborted transaction; pg-boss's stock PGlite adapter rolls back with a
 * separate call, and any query queued in between (an API request) would fail. Running explicit
 * blocks inside PGlite's transaction() keeps the rollback under the same lock: the outer
 * BEGIN/COMMIT only add harmless "already/no transaction in progress" warnings.
 */
export function pgliteJobsAdapter(pglite: PGlite): { executeSql: ExecuteSql } {
  const flatten = (results: Array<{ rows: unknown[] }>) => ({ rows: results.flatMap((result) => result.rows ?? []) });
  return {
    executeSql: async (text, values) => {
      if (values?.length) return pglite.query(text, values);
      if (/^\s*BEGIN\b/i.test(text)) return pglite.transaction(async (tx) => flatten(await tx.exec(text)));
      return flatten(await pglite.exec(text));
    },
  };
}

/** Where the job runner reports its errors (the app's pino logger, or a console shim). */
export interface JobsLogger {
  error(details: object, message: string): void;
}

/** The background job runner (pg-boss) on the application's own database. */
export interface Jobs {
  readonly boss: PgBoss;
  /** Installs or upgrades pg-boss's schema if needed and starts polling/maintenance. */
  start(logger: JobsLogger): Promise<void>;
  stop(): Promise<void>;
  /** True when pg-boss is started and its schema answers. */
  healthy(): Promise<boolean>;
}

export interface JobsOptions {
  /**
   * Run pg-boss maintenance (expiry, retention, schedules). True in worker processes and in the
   * embedded single process; API-only processes just send jobs.
   */
  supervise: boolean;
}

/** Creates (does not start) pg-boss for the database: PGlite via the adapter, PostgreSQL via URL. */
export function createJobs(database: Database, options: JobsOptions): Jobs {
  const target = database.jobsTarget;
  const common = { supervise: options.supervise, schedule: options.supervise, migrate: true };
  const boss =
    target.kind === 'pglite'
      ? new PgBoss({ ...common, db: pgliteJobsAdapter(target.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: target.connectionString, max: 5, application_name: 'sms-platform-jobs' });
  let started = false;
  return {
    boss,
    start: async (logger) => {
      // pg-boss reports its own connection losses here: an outage is logged once by the
      // database's availability (pg-boss retries on its own), anything else as an error.
      boss.on('error', (error) => {
        if (!database.availability.failed(error)) logger.error({ err: error }, 'job runner error');
      });
      await boss.start();
      started = true;
    },
    stop: async () => {
      if (!started) return;
      started = false;
      // close: false for PGlite because the Database owns that connection and closes it itself.
      await boss.stop({ graceful: true, timeout: 10_000, close: target.kind === 'postgres' });
    },
    healthy: async () => started && (await boss.isInstalled()),
  };
}
