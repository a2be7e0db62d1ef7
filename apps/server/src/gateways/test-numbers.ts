import { randomBytes } from 'node:crypto';
import { TEST_NUMBER_REPLY, testNumberOutcome } from '@sms/contracts/test-numbers';
import type { Clock, DeliveryReceipt, GatewayEvents, InboundSms, OutboundSms, SendResult, SmsGateway } from './gateway.ts';

/** After acceptance: the receipt, then the reply (a test number answers at once, as a fast phone would). */
const RECEIPT_AFTER_MS = 200;
const REPLY_AFTER_MS = 400;

/**
 * A gateway that answers test numbers itself (contracts test-numbers.ts; issue 38) and hands every
 * other message to `gateway`: a test number never reaches a carrier, whatever the gateway, and gets
 * its fixed outcome (accepted then delivered or undelivered, refused, or delivered and answered)
 * through the same receipts and inbound paths as real messages.
 */
export function answeringTestNumbers(gateway: SmsGateway, events: GatewayEvents, clock: Clock): SmsGateway {
  const pending = new Set<{ timer: NodeJS.Timeout; run: () => void }>();
  const later = (ms: number, run: () => void) => {
    const entry = { timer: setTimeout(() => (pending.delete(entry), run()), ms), run };
    entry.timer.unref();
    pending.add(entry);
  };
  const answer = (message: OutboundSms): { result: SendResult; then?: () => void } => {
    const outcome = testNumberOutcome(message.to);
    if (outcome === 'failed')
      return {
        result: {
          messageId: message.messageId,
          outcome: 'failed',
          errorCode: 'TEST_NUMBER_FAILED',
          errorText: 'Test number: refused by design',
        },
      };
    const gatewayMessageId = `test-${randomBytes(10).toString('hex')}`;
    const receipt = (): DeliveryReceipt =>
      outcome === 'undelivered'
        ? {
            gatewayMessageId,
            status: 'undelivered',
            errorCode: 'TEST_NUMBER_UNDELIVERED',
            errorText: 'Test number: not delivered by design',
            at: new Date(clock()),
          }
        : { gatewayMessageId, status: 'delivered', at: new Date(clock()) };
    const reply = (): InboundSms => ({
      gatewayMessageId: `test-in-${randomBytes(10).toString('hex')}`,
      from: message.to,
      to: message.from ?? 'TEST',
      body: TEST_NUMBER_REPLY,
      receivedAt: new Date(clock()),
    });
    return {
      result: { messageId: message.messageId, outcome: 'accepted', gatewayMessageId },
      then: () => {
        later(RECEIPT_AFTER_MS, () => void events.receipts([receipt()]));
        if (outcome === 'replies') later(REPLY_AFTER_MS, () => void events.inbound([reply()]));
      },
    };
  };

  return {
    kind: gateway.kind,
    async sendBatch(messages, signal) {
      const tests = messages.filter((message) => testNumberOutcome(message.to) !== undefined);
      if (tests.length === 0) return gateway.sendBatch(messages, signal);
      const others = messages.filter((message) => testNumberOutcome(message.to) === undefined);
      // The real part first: if the gateway cannot take the batch now, the test numbers wait with it.
      const sent = others.length > 0 ? await gateway.sendBatch(others, signal) : [];
      const answered = new Map(tests.map((message) => [message.messageId, answer(message)]));
      for (const { then } of answered.values()) then?.();
      const byId = new Map(sent.map((result) => [result.messageId, result]));
      return messages.map((message) => answered.get(message.messageId)?.result ?? byId.get(message.messageId)!);
    },
    // The test numbers are answered at once: only the real gateway's parts wait.
    ...(gateway.backlog ? { backlog: () => gateway.backlog?.() ?? 0 } : {}),
    testConnection: () => gateway.testConnection(),
    async close() {
      // What was promised is told before the instance goes: receipts and replies at once.
      for (const entry of pending) {
        clearTimeout(entry.timer);
        entry.run();
      }
      pending.clear();
      await gateway.close();
    },
  };
}
