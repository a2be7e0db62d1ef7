import type { Db } from '../../db/client.ts';
import type { DeliveryReceipt } from '../../gateways/gateway.ts';
import { changeAndPublish, type DomainEvents } from '../../platform/domain-events.ts';
import { applyReceipts, reapplyPendingReceipts } from './receipts.queries.ts';

/**
 * Applies a batch of one gateway's receipts and publishes `receipt.recorded` with the messages
 * they changed, in that transaction: one event per batch (decision 088). With no subscriber in
 * this process it is the one statement it always was.
 */
export async function recordReceipts(db: Db, events: DomainEvents, gatewayId: string, receipts: DeliveryReceipt[]): Promise<void> {
  await changeAndPublish(
    db,
    events,
    'receipt.recorded',
    async (tx) => {
      const recorded: string[] = [];
      await applyReceipts(tx, gatewayId, receipts, recorded);
      return recorded;
    },
    (recorded) => (recorded.length > 0 ? { gatewayId, messageIds: recorded } : null),
  );
}

/** Applies parked receipts again (reapplyPendingReceipts), publishing what they changed like recordReceipts. */
export async function recordPendingReceipts(
  db: Db,
  events: DomainEvents,
  gatewayId: string,
  options: Omit<Parameters<typeof reapplyPendingReceipts>[2], 'recorded'>,
): Promise<void> {
  await changeAndPublish(
    db,
    events,
    'receipt.recorded',
    async (tx) => {
      const recorded: string[] = [];
      await reapplyPendingReceipts(tx, gatewayId, { ...options, recorded });
      return recorded;
    },
    (recorded) => (recorded.length > 0 ? { gatewayId, messageIds: recorded } : null),
  );
}
