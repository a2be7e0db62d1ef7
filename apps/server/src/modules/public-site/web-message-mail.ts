import { DEFAULT_BRAND } from '@sms/contracts/brand';
import type { Database, Executor } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findBrandRow } from '../brand/index.ts';
import {
  adminRecipients,
  listQueuedEmailReplies,
  lastAdminNotice,
  listUnnotified,
  markAdminsNotified,
  markEmailReply,
} from './web-messages.queries.ts';

/**
 * E-mail of the contact form (decision 043): answers to visitors who gave an address, and the
 * admins' digest of new messages. Both are sent from jobs after commit; the rows are the work
 * (`reply_status = 'queued'`, `admins_notified_at is null`), a job only wakes the sender, so a
 * lost or repeated wake-up loses or repeats nothing.
 */

/** Answers queued as e-mail. */
export const WEB_REPLY_MAIL_QUEUE = 'web-reply-mail';
/** The admins' digest of new contact-form messages. */
export const WEB_DIGEST_QUEUE = 'web-message-digest';
/** At most one digest per this many seconds (a flood of messages makes one e-mail per admin per window). */
export const DIGEST_INTERVAL_SECONDS = 15 * 60;
/** Messages a digest lists; more are counted ("and 12 more"). */
const DIGEST_LISTED = 20;
/** Tries of one e-mail answer before it is marked failed (SMTP servers have bad moments). */
const REPLY_TRIES = 3;

/** What sends mail: the e-mail log's SMTP mailer (SMTP_URL), which logs every try. */
export interface WebMailer {
  send(mail: { to: string; subject: string; text: string; kind: 'web_reply' | 'web_digest'; ref?: string }): Promise<void>;
}

const ready = new WeakMap<Jobs, Promise<unknown>>();

/** Both queues, once per job runner: `stately` keeps at most one waiting and one running wake-up each. */
function ensureQueues(jobs: Jobs): Promise<unknown> {
  let created = ready.get(jobs);
  if (!created) {
    created = Promise.all([
      jobs.boss.createQueue(WEB_REPLY_MAIL_QUEUE, { policy: 'stately', retryLimit: REPLY_TRIES, retryDelay: 20, retryBackoff: true }),
      jobs.boss.createQueue(WEB_DIGEST_QUEUE, { policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true }),
    ]);
    created.catch(() => ready.delete(jobs));
    ready.set(jobs, created);
  }
  return created;
}

/** Wakes the sender of queued e-mail answers (call after commit). */
export async function wakeReplyMail(jobs: Jobs): Promise<void> {
  await ensureQueues(jobs);
  await jobs.boss.send(WEB_REPLY_MAIL_QUEUE, {});
}

/** Wakes the admins' digest (call after a new message is stored). */
export async function wakeDigest(jobs: Jobs): Promise<void> {
  await ensureQueues(jobs);
  await jobs.boss.send(WEB_DIGEST_QUEUE, {});
}

const brandName = async (db: Executor) => (await findBrandRow(db))?.appName || DEFAULT_BRAND.appName;

/** Sends every queued e-mail answer; a failure is retried by the job, and marked failed on the last try. */
async function sendQueuedReplies(db: Executor, mailer: WebMailer, lastTry: boolean): Promise<void> {
  const name = await brandName(db);
  let failure: unknown;
  for (const reply of await listQueuedEmailReplies(db, 100)) {
    try {
      await mailer.send({
        to: reply.email,
        subject: `Re: your message to ${name}`,
        text: `${reply.reply_body}\n\n-- \n${name}\n\n> ${reply.body.split('\n').join('\n> ')}\n`,
        kind: 'web_reply',
        // The same answer tried again counts in one log row, which opens the message.
        ref: `web-message:${reply.id}`,
      });
      await markEmailReply(db, reply.id, reply.reply_body, 'sent');
    } catch (error) {
      failure ??= error;
      if (lastTry) await markEmailReply(db, reply.id, reply.reply_body, 'failed');
    }
  }
  if (failure && !lastTry) throw failure;
}

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * One e-mail per admin listing the messages they have not been told of, unless a digest went out
 * less than `intervalSeconds` ago: then the wake-up comes back when the window ends.
 */
async function sendDigest(jobs: Jobs, db: Executor, mailer: WebMailer, intervalSeconds: number, jobId: string): Promise<void> {
  const last = await lastAdminNotice(db);
  const waitSeconds = last ? Math.ceil(intervalSeconds - (Date.now() - last.getTime()) / 1000) : 0;
  if (waitSeconds > 0) {
    await jobs.boss.send(WEB_DIGEST_QUEUE, {}, { startAfter: waitSeconds });
    return;
  }
  const { rows, total, until } = await listUnnotified(db, DIGEST_LISTED);
  if (total === 0 || until === null) return;
  const name = await brandName(db);
  const listed = rows.map((row) => {
    const from = [row.name, row.email, row.phone].filter(Boolean).join(', ');
    return `From ${from} at ${new Date(row.created_at).toISOString()}:\n${excerpt(row.body)}`;
  });
  if (total > rows.length) listed.push(`... and ${total - rows.length} more.`);
  const subject = total === 1 ? `New contact-form message on ${name}` : `${total} new contact-form messages on ${name}`;
  const text = `${listed.join('\n\n')}\n\nAnswer them in the inbox, Web messages tab.\n`;
  // A retried job's tries count in one log entry per admin.
  for (const admin of await adminRecipients(db))
    await mailer.send({ to: admin.email, subject, text, kind: 'web_digest', ref: `web-digest:${jobId}:${admin.email}` });
  await markAdminsNotified(db, until);
}

/** Runs both mail jobs in this process; without a mailer (no SMTP_URL) nothing is sent and nothing is queued. */
export async function startWebMessageMail(
  jobs: Jobs,
  deps: { database: Database; mailer: WebMailer | undefined },
  options: { pollingIntervalSeconds?: number; digestIntervalSeconds?: number } = {},
): Promise<void> {
  const { mailer } = deps;
  if (!mailer) return;
  await ensureQueues(jobs);
  const db = deps.database.db;
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 };
  await jobs.boss.work(WEB_REPLY_MAIL_QUEUE, polling, async ([job]) => {
    await sendQueuedReplies(db, mailer, (job?.retryCount ?? 0) >= REPLY_TRIES);
  });
  await jobs.boss.work(WEB_DIGEST_QUEUE, polling, async ([job]) => {
    if (job) await sendDigest(jobs, db, mailer, options.digestIntervalSeconds ?? DIGEST_INTERVAL_SECONDS, job.id);
  });
}
