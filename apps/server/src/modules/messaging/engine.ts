import { TWILIO_DEFAULT_API_BASE_URL } from '@sms/contracts/gateway-twilio';
import { describeDatabaseError, isRetryableConflict } from '../../db/availability.ts';
import type { Database } from '../../db/client.ts';
import type { Clock, DeliveryReceipt, GatewayLogger, InboundSms } from '../../gateways/gateway.ts';
import { Dispatcher, type DispatcherOptions } from './dispatcher.ts';
import { EventBuffer } from './event-buffer.ts';
import { GatewayRegistry, type GatewaySinks } from './gateway-registry.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { gatewayEventMetrics, recordLinkState, secondsSince } from '../../platform/metrics.ts';
import { startHousekeeping } from './housekeeping.ts';
import { processInbound } from '../inbound/index.ts';
import { storeInbound } from './inbound-store.ts';
import { createLinkReporter } from './link-reporter.ts';
import { recoverExpiredLeases } from './housekeeping.queries.ts';
import { recordReceipts } from './receipts.ts';
import { untilStored } from './until-stored.ts';

/**
 * Longest a receipt waits for the write-back of batches in flight before it is applied (or parked,
 * and applied by its batch's write-back as soon as that lands). Was 5 s: behind a slow SMSC every
 * receipt waited for batches claimed after its own, seconds on the reports (decision 113).
 */
const RECEIPT_WAIT_MS = 500;
/** Receipt flushes that may run at once per gateway. */
const RECEIPT_FLUSHES = 4;
/**
 * How long receipts and inbound messages wait for storage while the database is away before the
 * gateway answers its carrier "not stored, deliver again" (SMSCs commonly wait 30-60 s for a
 * deliver_sm_resp before they retry on their own).
 */
const STORE_GIVE_UP_MS = 30_000;

export interface MessagingEngine {
  /** Look for work now (called after a launch or resume in this process). */
  wake(): void;
  /** Look for one-off messages now (one was queued in this process); campaign lanes are left alone. */
  wakeOneOffs(): void;
  /** Receipts and inbound messages from any gateway of this process, batched into the database. */
  receipts(gatewayId: string, receipts: DeliveryReceipt[]): Promise<void>;
  inbound(gatewayId: string, messages: InboundSms[]): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** Observes, for each item of a push, how long it took from arriving here to being stored. */
const measured = (items: readonly unknown[], stored: Promise<void>, lag: { observe(seconds: number): void }): Promise<void> => {
  const arrived = Date.now();
  return stored.then(() => {
    const seconds = secondsSince(arrived);
    for (let i = 0; i < items.length; i++) lag.observe(seconds);
  });
};

/**
 * The sending engine of one worker process: gateway instances, the dispatcher, receipt and
 * inbound buffers, and housekeeping. Embedded mode runs it inside the API process; scaled out,
 * every `npm run worker` runs one. It knows no feature: what it changes is published to `events`,
 * and the process's composition root (sending.ts) adds the deliverers beside it.
 */
export function createMessagingEngine(deps: {
  database: Database;
  /** Errors of the engine; the gateways' own logging (SMPP: a lost link at warn level). */
  logger: GatewayLogger;
  publicUrl: string | undefined;
  /** Twilio's REST address (default: Twilio's own; tests point it at a fake). */
  twilioApiBaseUrl?: string;
  options?: Partial<DispatcherOptions>;
  /** This process's clock (default Date.now; tests skew it). */
  clock?: Clock;
  /** Where the engine publishes what it changed, to the subscribers the composition root fixed (decision 081). */
  events: DomainEvents;
  /**
   * Take back every claim before the first one of this process: the embedded process is the only
   * sender, so anything still 'sending' at its start was claimed by its previous run, which died.
   */
  recoverClaimsAtStart?: boolean;
}): MessagingEngine {
  const { database, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const receiptBuffers = new Map<string, EventBuffer<DeliveryReceipt>>();
  const inboundBuffers = new Map<string, EventBuffer<InboundSms>>();
  const bufferFor = <T>(
    buffers: Map<string, EventBuffer<T>>,
    gatewayId: string,
    concurrency: number,
    flush: (items: T[]) => Promise<void>,
  ) => {
    let buffer = buffers.get(gatewayId);
    if (!buffer) {
      buffer = new EventBuffer(flush, {
        maxItems: 2_000,
        maxDelayMs: 200,
        concurrency,
        giveUpAfterMs: STORE_GIVE_UP_MS,
        // An outage is logged once, by the database's availability; anything else is a bug.
        onError: (error) => {
          if (database.availability.failed(error)) return;
          // Receipts, replies and write-backs update the same messages: a deadlock between them is
          // resolved by the database failing one, and storing again succeeds.
          if (isRetryableConflict(error))
            logger.warn({ gatewayId, cause: describeDatabaseError(error) }, 'gateway events met a concurrent update; retrying');
          else logger.error({ err: error, gatewayId }, 'could not store gateway events; retrying');
        },
      });
      buffers.set(gatewayId, buffer);
    }
    return buffer;
  };
  const links = createLinkReporter(database, logger);
  // What the gateways hand back, for a dispatcher: receipts wait for its write-backs, replies and
  // links wake it.
  const sinksFor = (dispatcher: Dispatcher): GatewaySinks => ({
    receipts: (gatewayId, receipts) =>
      // Receipts flush several at once: their order does not matter (a message's status only moves
      // forward, delivered wins), and each flush spends most of its time waiting for write-backs.
      measured(
        receipts,
        bufferFor(receiptBuffers, gatewayId, RECEIPT_FLUSHES, async (items) => {
          // Most receipts answer a batch this process sent moments ago: let its write-back land first.
          // Bounded, so a gateway whose sends wait on our acknowledgements can never deadlock this.
          await Promise.race([dispatcher.writtenBack(), new Promise((resolve) => setTimeout(resolve, RECEIPT_WAIT_MS))]);
          await recordReceipts(database.db, deps.events, gatewayId, items);
          gatewayEventMetrics(gatewayId).receiptsStored(items);
        }).push(receipts),
        gatewayEventMetrics(gatewayId).receiptLag,
      ),
    inbound: (gatewayId, messages) =>
      // Inbound messages one flush at a time: STOP then START from one person must apply in order.
      measured(
        messages,
        bufferFor(inboundBuffers, gatewayId, 1, async (items) => {
          const stored = await storeInbound(database.db, gatewayId, items, clock);
          if ((await processInbound(database.db, stored, deps.events)).autoReplies > 0) dispatcher.wakeOneOffs();
          gatewayEventMetrics(gatewayId).inbound.inc(items.length);
        }).push(messages),
        gatewayEventMetrics(gatewayId).replyLag,
      ),
    link: (gatewayId, status) => {
      links.report(gatewayId, status);
      recordLinkState(gatewayId, status?.state ?? null);
      // Campaigns waiting for this gateway need not wait for their retry time.
      if (status?.state === 'connected') dispatcher.wake();
    },
  });
  const running = new Dispatcher({
    database,
    logger,
    events: deps.events,
    options: deps.options ?? {},
    gateways: (dispatcher) =>
      new GatewayRegistry(
        database,
        sinksFor(dispatcher),
        { publicUrl: deps.publicUrl, twilioApiBaseUrl: deps.twilioApiBaseUrl ?? TWILIO_DEFAULT_API_BASE_URL },
        { clock, logger },
      ),
  });
  const registry = running.registry;
  const sinks = sinksFor(running);
  let housekeeping: { stop: () => Promise<void> } | undefined;
  let started: Promise<void> = Promise.resolve();
  let stopped = false;
  return {
    receipts: sinks.receipts,
    inbound: sinks.inbound,
    wake: () => running.wake(),
    wakeOneOffs: () => running.wakeOneOffs(),
    start: () => {
      const recovered = deps.recoverClaimsAtStart
        ? untilStored(database.availability, () => recoverExpiredLeases(database.db, { all: true })).then(
            (count) => {
              if (count > 0) logger.info({ count }, 'messages claimed before the last stop are queued again');
            },
            (error: unknown) => logger.error({ err: error }, 'could not take back the claims of the last run'),
          )
        : Promise.resolve();
      started = recovered.then(() => {
        if (!stopped) running.start();
      });
      housekeeping = startHousekeeping({ database, logger, events: deps.events, onWork: () => running.wake() });
    },
    stop: async () => {
      stopped = true;
      await started;
      await running.stop();
      await housekeeping?.stop();
      await registry.close();
      await links.close();
      for (const buffer of [...receiptBuffers.values(), ...inboundBuffers.values()]) await buffer.close();
    },
  };
}
