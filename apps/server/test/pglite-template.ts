import { existsSync, readFileSync } from 'node:fs';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open.ts';
import { createJobs } from '../src/platform/jobs.ts';

/**
 * PGlite: initialising a cluster and migrating it is slow (seconds), loading a dump of a migrated
 * one is quick. The API project's global setup builds the dump once per run and names its file in
 * this variable; every test process (vitest starts one per file) loads it from there instead of
 * building its own.
 */
export const PGLITE_TEMPLATE_ENV = 'SMS_TEST_PGLITE_TEMPLATE';

/** A dump of a freshly migrated PGlite database, with the job queue's schema in place. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openDatabase({});
  await database.migrate();
  const jobs = createJobs(database, { supervise: false });
  await jobs.start({ error: () => {} });
  await jobs.stop();
  const { pglite } = database.jobsTarget as Extract<Database['jobsTarget'], { kind: 'pglite' }>;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  return dump;
}

/** The run's template from the global setup's file, else one built here (a test file run on its own, outside the project). */
export async function loadPgliteTemplate(): Promise<Blob> {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  if (path && existsSync(path)) return new Blob([readFileSync(path)]);
  return buildPgliteTemplate();
}
