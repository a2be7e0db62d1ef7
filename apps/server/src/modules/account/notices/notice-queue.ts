import type { Jobs } from '../../../platform/jobs.ts';
import type { WebhookDisabledJob } from './webhook-disabled.ts';

/** The background queue of account notices: reset links are created and sent from here. */
export const NOTICE_QUEUE = 'account-notices';

/**
 * A password reset to send: for the account with `email` (self-service: may not exist) or
 * `userId` (an admin asked). The link's address is never the request's (see publicAddressOf).
 */
export interface ResetNoticeJob {
  type: 'password-reset';
  email?: string;
  userId?: string;
  requestedBy: string | null;
}

const queuesReady = new WeakMap<Jobs, Promise<void>>();

/** Creates the queue once per job runner (retries: SMTP servers have bad moments). */
export function ensureNoticeQueue(jobs: Jobs): Promise<void> {
  let ready = queuesReady.get(jobs);
  if (!ready) {
    ready = jobs.boss.createQueue(NOTICE_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 });
    ready.catch(() => queuesReady.delete(jobs));
    queuesReady.set(jobs, ready);
  }
  return ready;
}

/** Every kind of notice job. */
export type NoticeJob = ResetNoticeJob | WebhookDisabledJob;

/** Queues a notice; any worker process sends it. */
export async function enqueueNotice(jobs: Jobs, job: NoticeJob): Promise<void> {
  await ensureNoticeQueue(jobs);
  await jobs.boss.send(NOTICE_QUEUE, job);
}
