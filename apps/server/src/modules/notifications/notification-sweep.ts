import type { Db } from '../../db/client.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import type { Mailer } from '../email-log/index.ts';
import { publicAddressOf } from '../settings/index.ts';
import { notificationMail } from './notification-mail.ts';
import { markEmailsSent, pendingEmails } from './notifications.queries.ts';
import {
  completedCampaigns,
  disconnectedGateways,
  fanOut,
  finishedImports,
  lockSweep,
  pruneNotifications,
  repliesBetween,
  saveSweep,
  selfPausedCampaigns,
  settledInboundId,
} from './sweep.queries.ts';

/** Notifications are kept this long. */
const KEEP_DAYS = 30;
/** E-mails sent per sweep (the rest wait for the next one). */
const EMAILS_PER_SWEEP = 50;

export interface SweepDeps {
  db: Db;
  /** Set when SMTP_URL is: e-mail preferences are honoured only then. */
  mailer: Mailer | undefined;
  publicUrl: string | undefined;
  logger: JobsLogger;
}

/**
 * One pass: turns what other parts of the product committed since the last pass (imports that
 * finished, campaigns that completed or paused themselves, gateways down for a minute, replies)
 * into notifications for the users allowed to see them, then sends the e-mails asked for. It reads
 * committed rows only, so no hot path (dispatch, write-back, inbound) does any notification work.
 * Answers how many notification rows were written.
 */
export async function sweepNotifications(deps: SweepDeps): Promise<number> {
  const emailAvailable = deps.mailer !== undefined;
  const written = await deps.db.transaction(async (tx) => {
    const state = await lockSweep(tx);
    const upTo = await settledInboundId(tx, state.lastInboundId);
    const imports = finishedImports(state.sweptAt);
    let total = 0;
    total += await fanOut(tx, 'import_completed', imports, emailAvailable);
    total += await fanOut(tx, 'import_failed', imports, emailAvailable);
    total += await fanOut(tx, 'campaign_completed', completedCampaigns(state.sweptAt), emailAvailable);
    total += await fanOut(tx, 'campaign_paused', selfPausedCampaigns(state.sweptAt), emailAvailable);
    total += await fanOut(tx, 'gateway_disconnected', disconnectedGateways(), emailAvailable);
    if (upTo > state.lastInboundId) total += await fanOut(tx, 'replies', repliesBetween(state.lastInboundId, upTo), emailAvailable);
    await saveSweep(tx, upTo, state.now);
    return total;
  });
  if (deps.mailer) await sendPendingEmails(deps, deps.mailer);
  return written;
}

/** Sends the e-mails the last sweeps asked for, after their rows committed; a failure is retried next sweep. */
async function sendPendingEmails(deps: SweepDeps, mailer: Mailer): Promise<void> {
  const pending = await pendingEmails(deps.db, EMAILS_PER_SWEEP);
  if (pending.length === 0) return;
  const address = await publicAddressOf(deps.db, deps.publicUrl);
  const sent: string[] = [];
  for (const row of pending) {
    try {
      // Tried again on the next sweep: one log entry per notification, its tries counted.
      await mailer.send({ to: row.email, ...notificationMail(row, address), kind: 'notification', ref: `notification:${row.id}` });
      sent.push(row.id);
    } catch (error) {
      deps.logger.error({ err: error, notificationId: row.id }, 'notification e-mail failed; retried on the next sweep');
      break;
    }
  }
  await markEmailsSent(deps.db, sent);
}

/** Drops old notifications (once in a while, from the sweeper). */
export const pruneOldNotifications = (db: Db) => pruneNotifications(db, KEEP_DAYS);
