import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs, JobsLogger } from '../../platform/jobs.ts';
import { Poller } from '../../platform/poller.ts';
import { createMailer } from '../email-log/index.ts';
import { pruneOldNotifications, sweepNotifications } from './notification-sweep.ts';

/** How often a worker sweeps (the bell is live within this plus the stream's one-second poll). */
const SWEEP_INTERVAL_MS = 2_000;
/** Sweeps between two prunes of old notifications (about an hour). */
const PRUNE_EVERY = 1_800;

export interface NotificationSweeper {
  /** Runs one sweep now (tests; the timer keeps going). */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs the notification sweep in a worker process (embedded server, `npm run worker`, tests) every
 * couple of seconds. Workers take turns through the sweep row's lock, so any number may run it.
 * It stops with the job runner (pg-boss's `stopped`), the moment every worker's jobs end.
 */
export function startNotificationSweeper(
  jobs: Jobs | undefined,
  deps: { database: Database; config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>; logger: JobsLogger },
  options: { intervalMs?: number } = {},
): NotificationSweeper {
  const mailer = deps.config.smtpUrl ? createMailer(deps.config.smtpUrl, deps.config.mailFrom, deps.database.db) : undefined;
  const sweepDeps = { db: deps.database.db, mailer, publicUrl: deps.config.publicUrl, logger: deps.logger };
  let sweeps = 0;
  const sweep = async (): Promise<number> => {
    sweeps += 1;
    const written = await sweepNotifications(sweepDeps);
    if (sweeps % PRUNE_EVERY === 0) await pruneOldNotifications(deps.database.db);
    return written;
  };
  const availability = deps.database.availability;
  // The shared loop: one sweep at a time in this process (a manual sweep waits for the timer's).
  const poller = new Poller(sweep, {
    intervalMs: options.intervalMs ?? SWEEP_INTERVAL_MS,
    skip: () => !availability.available,
    onError: (error) => availability.logUnlessOutage(deps.logger, error, 'notification sweep failed'),
  });
  poller.start();
  const stop = async () => {
    await poller.close();
    mailer?.close();
  };
  jobs?.boss.once('stopped', () => void stop());
  return { sweepNow: () => poller.runNow(), stop };
}
