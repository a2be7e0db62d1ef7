import type { Database } from '../../db/client.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import { changeAndPublish, type DomainEvents } from '../../platform/domain-events.ts';
import { rollUpCounts, rollUpReportAggregates } from '../campaigns/index.ts';
import { deleteStaleGatewayLinks } from '../gateways/index.ts';
import { matchPendingReplies, processInbound, unprocessedInbound } from '../inbound/index.ts';
import {
  expireReceiptWaits,
  expireValidity,
  promoteDueCampaigns,
  pruneDispatchBatches,
  recoverExpiredLeases,
} from './housekeeping.queries.ts';
import { gatewaysWithPendingReceipts } from './receipts.queries.ts';
import { recordPendingReceipts } from './receipts.ts';

/** How long after the database comes back lease recovery waits (the write-backs held by the outage land first). */
const OUTAGE_GRACE_MS = 10_000;

/** Parked receipts still unmatched after this long are dropped. */
const PENDING_RECEIPT_MAX_AGE_HOURS = 48;

/**
 * The periodic upkeep of a worker: roll up counters, start due scheduled campaigns and match
 * pending replies (1 s); recover expired leases, expire validity, re-apply parked receipts (5 s);
 * prune rate samples and time out messages whose receipt never came (60 s). `onWork` is told when
 * something became sendable (the dispatcher wakes).
 */
export function startHousekeeping(deps: { database: Database; logger: JobsLogger; events: DomainEvents; onWork: () => void }): {
  stop: () => Promise<void>;
} {
  const db = deps.database.db;
  let ticks = 0;
  let running: Promise<void> | undefined;
  const tick = async () => {
    ticks += 1;
    await rollUpCounts(db);
    await rollUpReportAggregates(db);
    const promoted = await changeAndPublish(db, deps.events, 'campaign.status_changed', promoteDueCampaigns, (ids) =>
      ids.length > 0 ? { changes: ids.map((campaignId) => ({ campaignId, to: 'sending' as const, reason: null })) } : null,
    );
    if (promoted.length > 0) deps.onWork();
    // Replies whose processing committed after the write-back of their message looked for them.
    await db.transaction((tx) => matchPendingReplies(tx, null));
    if (ticks % 5 === 0) {
      // Not in the first seconds after an outage: every lease ran out during it, and the workers
      // holding those claims are writing their outcomes back now (their write-backs waited for
      // the database); taking the messages back first would send them twice.
      if (Date.now() - outageEndedAt > OUTAGE_GRACE_MS && (await recoverExpiredLeases(db)) > 0) deps.onWork();
      await expireValidity(db);
      // Stored but never processed (the process stopped in between): process now.
      if ((await processInbound(deps.database.db, await unprocessedInbound(db, 5_000), deps.events)).autoReplies > 0) deps.onWork();
      for (const gatewayId of await gatewaysWithPendingReceipts(db)) {
        await recordPendingReceipts(db, deps.events, gatewayId, { limit: 10_000, maxAgeHours: PENDING_RECEIPT_MAX_AGE_HOURS });
      }
    }
    if (ticks % 60 === 0) await pruneDispatchBatches(db);
    // Link rows of workers killed without removing them (they are hidden once stale already).
    if (ticks % 60 === 0) await deleteStaleGatewayLinks(db);
    // Sent, and no receipt by the end of the validity plus a grace: unknown (decision 073).
    if (ticks % 60 === 0) await expireReceiptWaits(db);
  };
  const availability = deps.database.availability;
  let outageEndedAt = 0;
  const stopListening = availability.onChange((available) => {
    if (available) outageEndedAt = Date.now();
  });
  const timer = setInterval(() => {
    // While the database is away every step would fail: the availability probe watches for its return.
    if (running || !availability.available) return;
    running = tick()
      // An outage is logged once (db/availability.ts); anything else is a bug.
      .catch((error: unknown) => {
        if (!availability.failed(error)) deps.logger.error({ err: error }, 'housekeeping failed');
      })
      .finally(() => {
        running = undefined;
      });
  }, 1_000);
  return {
    stop: async () => {
      clearInterval(timer);
      stopListening();
      await running;
    },
  };
}
