import { TWILIO_DEFAULT_API_BASE_URL } from '@sms/contracts/gateway-twilio';
import type { Database } from '../../db/client.ts';
import type { Clock, DeliveryReceipt, GatewayLinkStatus, GatewayLogger, InboundSms } from '../../gateways/gateway.ts';
import { Dispatcher, type DispatcherOptions } from './dispatcher.ts';
import { EventBuffer } from './event-buffer.ts';
import { GatewayRegistry } from './gateway-registry.ts';
import { enqueueNotice } from '../account/index.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { WebhookDeliverer } from '../webhooks/index.ts';
import { startHousekeeping } from './housekeeping.ts';
import { processInbound } from '../inbound/index.ts';
import { storeInbound } from './inbound-store.ts';
import { createLinkReporter } from './link-reporter.ts';
import { applyReceipts } from './receipts.queries.ts';

/** Longest a receipt waits for the write-back of batches in flight before it is applied (or parked). */
const RECEIPT_WAIT_MS = 5_000;
/** Receipt flushes that may run at once per gateway. */
const RECEIPT_FLUSHES = 4;

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

/**
 * The sending engine of one worker process: gateway instances, the dispatcher, receipt and
 * inbound buffers, and housekeeping. Embedded mode runs it inside the API process; scaled out,
 * every `npm run worker` runs one.
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
  /** Let webhook deliveries reach private, loopback and link-local addresses (ALLOW_PRIVATE_WEBHOOK_URLS). */
  allowPrivateWebhooks?: boolean;
  /** The job runner: admins are told through an account notice when a webhook is turned off. */
  jobs?: Jobs;
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
        onError: (error) => logger.error({ err: error, gatewayId }, 'could not store gateway events; retrying'),
      });
      buffers.set(gatewayId, buffer);
    }
    return buffer;
  };
  // Set below: the registry (which the dispatcher needs) needs these sinks first.
  const late: { dispatcher?: Dispatcher } = {};
  const links = createLinkReporter(database.db, logger);
  const engine = {
    receipts: (gatewayId: string, receipts: DeliveryReceipt[]) =>
      // Receipts flush several at once: their order does not matter (a message's status only moves
      // forward, delivered wins), and each flush spends most of its time waiting for write-backs.
      bufferFor(receiptBuffers, gatewayId, RECEIPT_FLUSHES, async (items) => {
        // Most receipts answer a batch this process sent moments ago: let its write-back land first.
        // Bounded, so a gateway whose sends wait on our acknowledgements can never deadlock this.
        await Promise.race([late.dispatcher?.writtenBack(), new Promise((resolve) => setTimeout(resolve, RECEIPT_WAIT_MS))]);
        await applyReceipts(database.db, gatewayId, items);
      }).push(receipts),
    inbound: (gatewayId: string, messages: InboundSms[]) =>
      // Inbound messages one flush at a time: STOP then START from one person must apply in order.
      bufferFor(inboundBuffers, gatewayId, 1, async (items) => {
        const stored = await storeInbound(database.db, gatewayId, items, clock);
        if ((await processInbound(database.db, stored)).autoReplies > 0) late.dispatcher?.wakeOneOffs();
      }).push(messages),
    link: (gatewayId: string, status: GatewayLinkStatus | null) => {
      links.report(gatewayId, status);
      // Campaigns waiting for this gateway need not wait for their retry time.
      if (status?.state === 'connected') late.dispatcher?.wake();
    },
  };
  const registry = new GatewayRegistry(
    database,
    engine,
    { publicUrl: deps.publicUrl, twilioApiBaseUrl: deps.twilioApiBaseUrl ?? TWILIO_DEFAULT_API_BASE_URL },
    { clock, logger },
  );
  const running = new Dispatcher({ database, registry, logger, options: deps.options ?? {} });
  late.dispatcher = running;
  let housekeeping: { stop: () => Promise<void> } | undefined;
  // Webhook deliveries run where the sending engine runs: worker processes, or the embedded one.
  const jobs = deps.jobs;
  const webhooks = new WebhookDeliverer({
    db: database.db,
    allowPrivate: deps.allowPrivateWebhooks ?? false,
    logger,
    ...(jobs ? { onDisabled: (endpoint) => enqueueNotice(jobs, { type: 'webhook-disabled', webhookId: endpoint.id, ...endpoint }) } : {}),
  });
  return {
    ...engine,
    wake: () => running.wake(),
    wakeOneOffs: () => running.wakeOneOffs(),
    start: () => {
      running.start();
      housekeeping = startHousekeeping({ database, logger, onWork: () => running.wake() });
      webhooks.start();
    },
    stop: async () => {
      await running.stop();
      await housekeeping?.stop();
      await webhooks.stop();
      await registry.close();
      await links.close();
      for (const buffer of [...receiptBuffers.values(), ...inboundBuffers.values()]) await buffer.close();
    },
  };
}
