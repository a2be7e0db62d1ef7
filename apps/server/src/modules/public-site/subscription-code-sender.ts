import { createHash, randomInt } from 'node:crypto';
import { DEFAULT_BRAND } from '@sms/contracts/brand';
import { SUBSCRIPTION_CODE_DIGITS, SUBSCRIPTION_CODE_TTL_SECONDS } from '@sms/contracts/public-site';
import type { Database, Db } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { findBrandRow } from '../brand/index.ts';
import { findDefaultGateway } from '../gateways/index.ts';
import { claimPendingCode, dropCode, hasActiveContact, markCodeSent, queueCodeMessage } from './subscriptions.queries.ts';

/**
 * The texting of subscription codes, after the public request was answered (decision 040): the
 * request stores a row for every well-formed number alike, and this job decides, out of the
 * visitor's sight, whether that number gets a code (unsubscribing: only an active contact). The
 * rows are the work; a job only wakes the sender (`stately`), so a lost or repeated wake-up loses
 * or repeats nothing.
 */
export const SUBSCRIPTION_CODE_QUEUE = 'subscription-codes';

/** The stored form of a code: SHA-256 of the row's id and the code. */
export const hashCode = (codeId: string, code: string) => createHash('sha256').update(`${codeId}:${code}`).digest('hex');

const ready = new WeakMap<Jobs, Promise<unknown>>();

function ensureQueue(jobs: Jobs): Promise<unknown> {
  let created = ready.get(jobs);
  if (!created) {
    created = jobs.boss.createQueue(SUBSCRIPTION_CODE_QUEUE, { policy: 'stately', retryLimit: 3, retryDelay: 5, retryBackoff: true });
    created.catch(() => ready.delete(jobs));
    ready.set(jobs, created);
  }
  return created;
}

/** Wakes the code sender (call after the request's row is committed). */
export async function wakeCodeSender(jobs: Jobs): Promise<void> {
  await ensureQueue(jobs);
  await jobs.boss.send(SUBSCRIPTION_CODE_QUEUE, {});
}

/**
 * Decides every pending request, the oldest first, each in its own transaction: a code texted
 * (only this fixed text, through the default gateway) or the request dropped. Answers how many
 * codes were queued for the sending engine.
 */
export async function sendPendingCodes(db: Db): Promise<number> {
  const gateway = await findDefaultGateway(db);
  const appName = (await findBrandRow(db))?.appName ?? DEFAULT_BRAND.appName;
  let sent = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const row = await claimPendingCode(tx);
      if (!row) return 'none';
      if (!gateway?.enabled || (row.purpose === 'unsubscribe' && !(await hasActiveContact(tx, row.phone)))) {
        await dropCode(tx, row.id);
        return 'dropped';
      }
      const code = String(randomInt(0, 10 ** SUBSCRIPTION_CODE_DIGITS)).padStart(SUBSCRIPTION_CODE_DIGITS, '0');
      const what = row.purpose === 'subscribe' ? 'to confirm your subscription' : 'to stop messages';
      const text = `${appName}: your code ${what} is ${code}. It expires in ${SUBSCRIPTION_CODE_TTL_SECONDS / 60} minutes.`;
      const messageId = await queueCodeMessage(tx, { gatewayId: gateway.id, phone: row.phone, text });
      await markCodeSent(tx, { id: row.id, codeHash: hashCode(row.id, code), messageId, ttlSeconds: SUBSCRIPTION_CODE_TTL_SECONDS });
      return 'sent';
    });
    if (outcome === 'none') return sent;
    if (outcome === 'sent') sent++;
  }
}

/** Runs the code sender in this process (a worker, or the embedded server). */
export async function startSubscriptionCodeSender(
  jobs: Jobs,
  deps: { database: Database },
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await ensureQueue(jobs);
  const db = deps.database.db;
  await jobs.boss.work(SUBSCRIPTION_CODE_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 }, async () => {
    await sendPendingCodes(db);
  });
}
