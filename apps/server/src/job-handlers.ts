import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { startNoticeWorker } from './modules/account/index.ts';
import { createMailer } from './modules/email-log/index.ts';
import { backupDirectory, startLifecycleJobs } from './modules/backups/index.ts';
import { importLimits, startImportWorker, uploadStoreFor } from './modules/imports/index.ts';
import { startNotificationSweeper } from './modules/notifications/index.ts';
import { startBudgetChecker } from './modules/spend/index.ts';
import { startSubscriptionCodeSender, startWebMessageMail } from './modules/public-site/index.ts';
import { startInvitationMail } from './modules/team/index.ts';
import type { Jobs, JobsLogger } from './platform/jobs.ts';

/**
 * The registry of job handlers: every background job this process runs. Called by the embedded
 * server (RUN_WORKER, the default) and by `npm run worker`; API-only processes only send jobs.
 */
export async function startJobHandlers(jobs: Jobs, database: Database, config: Config, logger: JobsLogger): Promise<void> {
  await startImportWorker(jobs, {
    database,
    limits: importLimits(config.importLimits),
    logger,
    uploads: uploadStoreFor(database, config.dataDir),
  });
  // The logger is the app's pino logger in `npm start` (its info level gets development outbox lines).
  await startNoticeWorker(jobs, { database, config, logger });
  // Contact-form answers by e-mail and the admins' digest of new messages (only with SMTP_URL).
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom, database.db) : undefined;
  await startWebMessageMail(jobs, { database, mailer });
  // Team invitations by e-mail (without SMTP_URL the admin is shown the link instead).
  await startInvitationMail(jobs, { database, mailer, publicUrl: config.publicUrl });
  // Subscription codes texted after the public site answered (the answer never depends on the number).
  await startSubscriptionCodeSender(jobs, { database });
  // Turns finished imports, campaign ends and pauses, gateway outages and replies into notifications.
  startNotificationSweeper(jobs, { database, config, logger });
  // Month-to-date spend against the budgets: pauses campaigns and warns the admins (decision 109).
  startBudgetChecker(jobs, { database, config, logger });
  // Scheduled backups and retention housekeeping (Configurations -> Maintenance).
  await startLifecycleJobs(jobs, { database, directory: backupDirectory(config), logger });
}
