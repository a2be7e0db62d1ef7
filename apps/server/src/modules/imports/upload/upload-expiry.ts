import { IMPORT_UPLOAD_TTL_HOURS } from '@sms/contracts/imports';
import type { Executor } from '../../../db/client.ts';
import type { Jobs, JobsLogger } from '../../../platform/jobs.ts';
import { expireUploadsOlderThan } from '../imports.queries.ts';
import type { UploadStore } from './upload-store.ts';

/** The pg-boss queue of the upload expiry sweep (scheduled every 10 minutes). */
export const UPLOAD_EXPIRY_QUEUE = 'contacts-import-expiry';
const EVERY_TEN_MINUTES = '*/10 * * * *';

/**
 * Housekeeping: imports uploaded but not started within IMPORT_UPLOAD_TTL_HOURS (by the
 * database's clock) become 'expired' and their files are removed; the history keeps the row.
 * Any process may run it: the status change picks each import once.
 */
export async function expireStaleUploads(db: Executor, uploads: UploadStore, logger: JobsLogger): Promise<string[]> {
  const expired = await expireUploadsOlderThan(db, IMPORT_UPLOAD_TTL_HOURS);
  for (const id of expired)
    await uploads.remove(id).catch((error: unknown) => logger.error({ err: error, importId: id }, 'removing an expired upload failed'));
  return expired;
}

/**
 * Runs the sweep in this process's job runner; pg-boss sends it on its schedule (from a
 * supervising process; polled once a minute) and `wake` sends it now and wakes this worker.
 */
export async function startUploadExpiry(
  jobs: Jobs,
  deps: { db: Executor; uploads: UploadStore; logger: JobsLogger },
): Promise<{ wake: () => Promise<void> }> {
  await jobs.boss.createQueue(UPLOAD_EXPIRY_QUEUE, { retryLimit: 0 });
  await jobs.boss.schedule(UPLOAD_EXPIRY_QUEUE, EVERY_TEN_MINUTES);
  const worker = await jobs.boss.work(UPLOAD_EXPIRY_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    await expireStaleUploads(deps.db, deps.uploads, deps.logger);
  });
  return {
    wake: async () => {
      await jobs.boss.send(UPLOAD_EXPIRY_QUEUE, {});
      jobs.boss.notifyWorker(worker);
    },
  };
}
