import { randomBytes } from 'node:crypto';
import type { SimulatorConfig } from '@sms/contracts/gateway-simulator';
import type { Clock, DeliveryReceipt, GatewayEvents, InboundSms, OutboundSms, SendResult, SmsGateway } from '../gateway.ts';
import { TimerWheel } from './timer-wheel.ts';

/** Chance and choice, replaceable so tests can make the simulator deterministic. */
export interface SimulatorRandom {
  next(): number;
}

const between = (random: SimulatorRandom, min: number, max: number) => min + random.next() * (max - min);
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The built-in simulated carrier (the default gateway): accepts messages no faster than
 * `acceptPerSecond`, refuses `failureRate` of them at submit, reports each accepted one delivered
 * (or undelivered, `undeliveredRate`) after a random delay, and answers `replyRate` of the
 * delivered ones with a reply that enters the normal inbound path. Closing it (settings changed,
 * clean shutdown) hands over every receipt and reply still waiting at once, so no message stays
 * `sent` for good; a crashed process loses them, as a real carrier's client would.
 */
export function createSimulatorGateway(
  config: SimulatorConfig,
  events: GatewayEvents,
  random: SimulatorRandom = { next: Math.random },
  clock: Clock = Date.now,
): SmsGateway {
  const wheel = new TimerWheel(50);
  let paceUntil = 0;
  let closed = false;

  const scheduleOutcome = (message: OutboundSms, gatewayMessageId: string) => {
    const undelivered = random.next() < config.undeliveredRate;
    wheel.schedule(between(random, config.receiptDelayMinMs, config.receiptDelayMaxMs), () => {
      const receipt: DeliveryReceipt = undelivered
        ? {
            gatewayMessageId,
            status: 'undelivered',
            errorCode: 'SIM_UNREACHABLE',
            errorText: 'Simulated: handset unreachable',
            at: new Date(clock()),
          }
        : { gatewayMessageId, status: 'delivered', at: new Date(clock()) };
      events.receipts([receipt]);
      if (undelivered || random.next() >= config.replyRate) return;
      wheel.schedule(between(random, config.replyDelayMinMs, config.replyDelayMaxMs), () => {
        const text = config.replyTexts[Math.floor(random.next() * config.replyTexts.length)] ?? 'YES';
        const reply: InboundSms = {
          gatewayMessageId: `sim-in-${randomBytes(8).toString('hex')}`,
          from: message.to,
          to: message.from ?? 'SIMULATOR',
          body: text,
          receivedAt: new Date(clock()),
        };
        events.inbound([reply]);
      });
    });
  };

  return {
    kind: 'simulator',
    async sendBatch(messages, signal) {
      // Pace: the batch is accepted no faster than acceptPerSecond, across consecutive batches.
      const now = Date.now();
      paceUntil = Math.max(paceUntil, now) + (messages.length * 1000) / config.acceptPerSecond;
      await sleep(paceUntil - now - 1000 / config.acceptPerSecond, signal);
      return messages.map((message): SendResult => {
        if (closed) return { messageId: message.messageId, outcome: 'retry', errorCode: 'SIM_CLOSED', errorText: 'Simulator stopped' };
        if (random.next() < config.failureRate) {
          return {
            messageId: message.messageId,
            outcome: 'failed',
            errorCode: 'SIM_REJECTED',
            errorText: 'Simulated: number rejected by the carrier',
          };
        }
        const gatewayMessageId = `sim-${randomBytes(10).toString('hex')}`;
        scheduleOutcome(message, gatewayMessageId);
        return { messageId: message.messageId, outcome: 'accepted', gatewayMessageId };
      });
    },
    async testConnection() {
      return { ok: true, details: `Simulator ready: accepts ${config.acceptPerSecond} messages per second` };
    },
    async close() {
      closed = true;
      wheel.drain();
    },
  };
}
