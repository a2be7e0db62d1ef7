import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, freshPglite, onPostgres } from '../../test/helper.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { createJobs, pgliteJobsAdapter, type Jobs } from './jobs.ts';

let database: Database;
let dispose: () => Promise<void>;
let jobs: Jobs;
const errors: unknown[] = [];

beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
  jobs = createJobs(database, { supervise: true });
  await jobs.start({ error: (details) => errors.push(details) });
});
afterAll(async () => {
  await jobs?.stop();
  await dispose?.();
});

describe(`job runner (pg-boss on ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('delivers a sent job to a worker', async () => {
    const { boss } = jobs;
    await boss.createQueue('round-trip');
    const received = new Promise<unknown>((resolve) => {
      void boss.work('round-trip', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    const id = await boss.send('round-trip', { hello: 'world' });
    expect(id).toBeTruthy();
    await expect(received).resolves.toEqual({ hello: 'world' });
    expect(await jobs.healthy()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shares the application database (its schema sits next to ours)', async () => {
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.queue where name = 'round-trip'`);
    expect(rows[0]?.n).toBe(1);
  });
});

// The adapter is PGlite-only code, so it is tested on an in-memory PGlite on every run.
describe('PGlite job adapter', () => {
  let pgliteDatabase: Database;
  beforeAll(async () => {
    pgliteDatabase = await freshPglite();
  });
  afterAll(() => pgliteDatabase?.close());

  it('rolls back a failed BEGIN...COMMIT block under the lock, so the next query is not poisoned', async () => {
    const { pglite } = pgliteDatabase.jobsTarget as Extract<Database['jobsTarget'], { kind: 'pglite' }>;
    const adapter = pgliteJobsAdapter(pglite);
    const failing = adapter.executeSql('BEGIN; SELECT 1; SELECT * FROM no_such_table; COMMIT;');
    // Queued behind the failing block (then() starts drizzle's lazy query now). With pg-boss's stock
    // adapter, whose ROLLBACK is queued after it, this fails: "current transaction is aborted".
    const next = pgliteDatabase.db
      .execute(sql`select 42 as answer`)
      .then((result) => result as unknown as { rows: Array<{ answer: number }> });
    await expect(failing).rejects.toThrow(/no_such_table/);
    expect((await next).rows[0]?.answer).toBe(42);
  });

  it('returns rows from RETURNING in the middle of a block and from parameterised queries', async () => {
    const { pglite } = pgliteDatabase.jobsTarget as Extract<Database['jobsTarget'], { kind: 'pglite' }>;
    const adapter = pgliteJobsAdapter(pglite);
    expect((await adapter.executeSql('BEGIN; SELECT 7 AS n; COMMIT;')).rows).toEqual([{ n: 7 }]);
    expect((await adapter.executeSql('SELECT $1::int AS n', [5])).rows).toEqual([{ n: 5 }]);
  });
});
