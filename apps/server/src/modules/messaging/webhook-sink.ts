import type { Db } from '../../db/client.ts';
import type { DeliveryReceipt, InboundSms } from '../../gateways/gateway.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { processInbound } from '../inbound/index.ts';
import { storeInbound } from './inbound-store.ts';
import { recordReceipts } from './receipts.ts';

/**
 * Where gateways that call us back over HTTP (Twilio webhooks, in any API process) hand receipts
 * and inbound messages: the same statements the engine's buffers use, applied at once, publishing
 * to the same subscribers (`events`, from the process's composition root).
 */
export function webhookSink(db: Db, events: DomainEvents) {
  return {
    receipts: async (gatewayId: string, receipts: DeliveryReceipt[]) => {
      await recordReceipts(db, events, gatewayId, receipts);
    },
    inbound: async (gatewayId: string, messages: InboundSms[]) => {
      // Automatic answers are queued; a worker's dispatcher picks them up within a moment.
      await processInbound(db, await storeInbound(db, gatewayId, messages, Date.now), events);
    },
  };
}
