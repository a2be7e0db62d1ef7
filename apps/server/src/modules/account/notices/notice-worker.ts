import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { createMailer } from '../../email-log/index.ts';
import { sendResetLink } from '../password-reset.service.ts';
import type { NoticeLogger } from './deliver.ts';
import { ensureNoticeQueue, NOTICE_QUEUE, type NoticeJob } from './notice-queue.ts';
import { notifyWebhookDisabled } from './webhook-disabled.ts';

/** Runs account-notice jobs in this process (embedded server, worker processes, tests). */
export async function startNoticeWorker(
  jobs: Jobs,
  deps: { database: Database; config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: NoticeLogger },
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await ensureNoticeQueue(jobs);
  const mailer = deps.config.smtpUrl ? createMailer(deps.config.smtpUrl, deps.config.mailFrom, deps.database.db) : undefined;
  const noticeDeps = { db: deps.database.db, config: deps.config, mailer, logger: deps.logger };
  await jobs.boss.work<NoticeJob>(
    NOTICE_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 },
    async ([job]) => {
      if (!job) return;
      // The job's tries of one e-mail count in one e-mail log entry (its ref), not one entry a try.
      const ref = `notice:${job.id}`;
      if (job.data.type === 'password-reset') await sendResetLink(noticeDeps, job.data, ref);
      if (job.data.type === 'webhook-disabled') await notifyWebhookDisabled(noticeDeps, job.data, ref);
    },
  );
}
