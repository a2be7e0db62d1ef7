import type { Db } from '../../db/client.ts';
import type { DeliveryReceipt } from '../../gateways/gateway.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { probingByKey } from './dispatch.queries.ts';
import { applyReceipts, reapplyPendingReceipts } from './receipts.queries.ts';

/**
 * Applies a batch of one gateway's receipts and publishes `receipt.recorded` with the messages
 * they changed, in that transaction: one event per batch (decision 088). Always a transaction,
 * even with no subscriber: the planner is held to probing the receipts' messages by key in it
 * (probingByKey, decision 113), which costs two statements and spares a scan of the table.
 */
export async function recordReceipts(db: Db, events: DomainEvents, gatewayId: string, receipts: DeliveryReceipt[]): Promise<void> {
  await db.transaction(async (tx) => {
    const recorded: string[] = [];
    await probingByKey(tx, () => applyReceipts(tx, gatewayId, receipts, recorded));
    if (recorded.length > 0 && events.heard('receipt.recorded'))
      await events.publish(tx, 'receipt.recorded', { gatewayId, messageIds: recorded });
  });
}

/** Applies parked receipts again (reapplyPendingReceipts), publishing what they changed like recordReceipts. */
export async function recordPendingReceipts(
  db: Db,
  events: DomainEvents,
  gatewayId: string,
  options: Omit<Parameters<typeof reapplyPendingReceipts>[2], 'recorded'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const recorded: string[] = [];
    await probingByKey(tx, () => reapplyPendingReceipts(tx, gatewayId, { ...options, recorded }));
    if (recorded.length > 0 && events.heard('receipt.recorded'))
      await events.publish(tx, 'receipt.recorded', { gatewayId, messageIds: recorded });
  });
}
