import type { Database } from '../../db/client.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import { rollUpCounts } from '../campaigns/index.ts';
import { matchPendingReplies, processInbound, unprocessedInbound } from '../inbound/index.ts';
import {
  expireReceiptWaits,
  expireValidity,
  promoteDueCampaigns,
  pruneDispatchBatches,
  recoverExpiredLeases,
} from './housekeeping.queries.ts';
import { gatewaysWithPendingReceipts, reapplyPendingReceipts } from './receipts.queries.ts';

/** Parked receipts still unmatched after this long are dropped. */
const PENDING_RECEIPT_MAX_AGE_HOURS = 48;

/**
 * The periodic upkeep of a worker: roll up counters, start due scheduled campaigns and match
 * pending replies (1 s); recover expired leases, expire validity, re-apply parked receipts (5 s);
 * prune rate samples and time out messages whose receipt never came (60 s). `onWork` is told when
 * something became sendable (the dispatcher wakes).
 */
export function startHousekeeping(deps: { database: Database; logger: JobsLogger; onWork: () => void }): { stop: () => Promise<void> } {
  const db = deps.database.db;
  let ticks = 0;
  let running: Promise<void> | undefined;
  const tick = async () => {
    ticks += 1;
    await rollUpCounts(db);
    if ((await promoteDueCampaigns(db)).length > 0) deps.onWork();
    // Replies whose processing committed after the write-back of their message looked for them.
    await db.transaction((tx) => matchPendingReplies(tx, null));
    if (ticks % 5 === 0) {
      if ((await recoverExpiredLeases(db)) > 0) deps.onWork();
      await expireValidity(db);
      // Stored but never processed (the process stopped in between): process now.
      if ((await processInbound(deps.database.db, await unprocessedInbound(db, 5_000))).autoReplies > 0) deps.onWork();
      for (const gatewayId of await gatewaysWithPendingReceipts(db)) {
        await reapplyPendingReceipts(db, gatewayId, { limit: 10_000, maxAgeHours: PENDING_RECEIPT_MAX_AGE_HOURS });
      }
    }
    if (ticks % 60 === 0) await pruneDispatchBatches(db);
    // Sent, and no receipt by the end of the validity plus a grace: unknown (decision 073).
    if (ticks % 60 === 0) await expireReceiptWaits(db);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'housekeeping failed'))
      .finally(() => {
        running = undefined;
      });
  }, 1_000);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
