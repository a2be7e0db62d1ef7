import type { Db } from '../../db/client.ts';
import type { DeliveryReceipt, InboundSms } from '../../gateways/gateway.ts';
import { processInbound } from '../inbound/index.ts';
import { storeInbound } from './inbound-store.ts';
import { applyReceipts } from './receipts.queries.ts';

/**
 * Where gateways that call us back over HTTP (Twilio webhooks, in any API process) hand receipts
 * and inbound messages: the same statements the engine's buffers use, applied at once.
 */
export function webhookSink(db: Db) {
  return {
    receipts: async (gatewayId: string, receipts: DeliveryReceipt[]) => {
      await applyReceipts(db, gatewayId, receipts);
    },
    inbound: async (gatewayId: string, messages: InboundSms[]) => {
      // Automatic answers are queued; a worker's dispatcher picks them up within a moment.
      await processInbound(db, await storeInbound(db, gatewayId, messages, Date.now));
    },
  };
}
