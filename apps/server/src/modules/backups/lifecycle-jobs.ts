import type { Database } from '../../db/client.ts';
import type { Jobs, JobsLogger } from '../../platform/jobs.ts';
import { purgeTrash } from '../contacts/index.ts';
import { readRetention } from './lifecycle-settings.ts';
import { applyRetention } from './retention.ts';
import { backUpNow, scheduledBackupDue } from './scheduled-backups.ts';

const LIFECYCLE_QUEUE = 'data-lifecycle';
const EVERY_FIFTEEN_MINUTES = '*/15 * * * *';

/** The data lifecycle's periodic job: the daily backup when it is due, then retention housekeeping and the contacts trash's purge (decision 087). */
export async function runLifecycleOnce(database: Database, directory: string, logger: JobsLogger): Promise<void> {
  if (await scheduledBackupDue(database.db)) {
    const result = await backUpNow(database, directory, null);
    if (!result.ok) logger.error({ error: result.error }, 'scheduled backup failed');
  }
  await applyRetention(database.db, await readRetention(database.db));
  await purgeTrash(database.db);
}

/** Schedules the lifecycle job (pg-boss cron: one run per slot across every worker process). */
export async function startLifecycleJobs(jobs: Jobs, deps: { database: Database; directory: string; logger: JobsLogger }): Promise<void> {
  await jobs.boss.createQueue(LIFECYCLE_QUEUE, { retryLimit: 0 });
  await jobs.boss.schedule(LIFECYCLE_QUEUE, EVERY_FIFTEEN_MINUTES);
  await jobs.boss.work(LIFECYCLE_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    await runLifecycleOnce(deps.database, deps.directory, deps.logger);
  });
}
