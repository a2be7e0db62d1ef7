import type { DatabaseAvailability } from '../../db/availability.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { OutboxDrain } from '../../platform/outbox-drain.ts';
import { claimDeliveries, disableIfFailingForADay, recordAttempt, recordEndpointHealth, type ClaimedDelivery } from './webhooks.queries.ts';
import { eventBody } from './webhook-links.ts';
import { signWebhookWithEach } from './webhook-signature.ts';
import { postWebhook } from './webhook-post.ts';
import { webhookDeliveriesTotal } from '../../platform/metrics.ts';
import { OUTBOUND_USER_AGENT } from '../../platform/product-version.ts';

const TIMEOUT_MS = 10_000;
const POLL_MS = 250;
const BATCH = 20;
const RESPONSE_EXCERPT = 500;

/** An endpoint turned off for failing a day (decision 053): what the admins' notice says. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  failingSince: string;
}

interface DelivererDeps {
  db: Db;
  allowPrivate: boolean;
  /** PUBLIC_URL: events carry the API addresses of what they name (decision 092); none without it. */
  publicUrl?: string | undefined;
  logger: { error(details: object, message: string): void };
  /** The database's availability: an outage is logged once there, and waited for instead of polled. */
  availability?: DatabaseAvailability;
  /** Tells the admins (the embedding process queues an account notice); errors are logged, not retried here. */
  onDisabled?: (endpoint: DisabledEndpoint) => Promise<void>;
}

/** Delay before attempt `attempts + 1`: exponential from 1 s, capped at an hour, with full jitter on half of it. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(3_600_000, 1_000 * 2 ** Math.max(0, attempts - 1));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * Sends webhook deliveries from the outbox table (workers only): claims due rows with SKIP LOCKED,
 * POSTs each signed, and writes the outcome. 2xx delivers; a timeout, a network error, 5xx or 429
 * is retried with backoff and jitter for 24 hours; any other answer fails the delivery at once.
 */
export class WebhookDeliverer {
  private readonly deps: DelivererDeps;
  private readonly drain: OutboxDrain;

  constructor(deps: DelivererDeps) {
    this.deps = deps;
    this.drain = new OutboxDrain(
      async () => {
        const claimed = await claimDeliveries(this.deps.db, BATCH);
        await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
        return claimed.length > 0;
      },
      { pollMs: POLL_MS, failure: 'webhook delivery failed', logger: deps.logger, availability: deps.availability },
    );
  }

  start(): void {
    this.drain.start();
  }

  stop(): Promise<void> {
    return this.drain.stop();
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = Date.now();
    const createdAt = new Date(delivery.created_at).toISOString();
    const body = eventBody({ id: delivery.event_id, type: delivery.event_type, createdAt, data: delivery.data }, this.deps.publicUrl);
    const timestamp = Math.floor(Date.now() / 1000);
    let statusCode: number | null = null;
    let response: string | null = null;
    let error: string | null = null;
    let refused = false;
    try {
      const answer = await postWebhook(new URL(delivery.url), {
        headers: {
          'content-type': 'application/json',
          'user-agent': OUTBOUND_USER_AGENT,
          'webhook-id': delivery.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhookWithEach([delivery.secret, delivery.previous_secret], delivery.event_id, timestamp, body),
        },
        body,
        timeoutMs: TIMEOUT_MS,
        excerptChars: RESPONSE_EXCERPT,
        allowPrivate: this.deps.allowPrivate,
      });
      statusCode = answer.statusCode;
      response = answer.excerpt;
    } catch (caught) {
      error = (caught as Error).message.slice(0, RESPONSE_EXCERPT);
      // A refused address is no passing trouble: retrying would knock on the same door for a day.
      refused = (caught as Error).name === 'PrivateAddressRefused';
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryable = !refused && (statusCode === null || statusCode >= 500 || statusCode === 429);
    const outcome = ok ? 'delivered' : retryable && !delivery.expired ? 'retry' : 'failed';
    await recordAttempt(this.deps.db, {
      id: delivery.id,
      outcome,
      retryAt: outcome === 'retry' ? new Date(Date.now() + retryDelayMs(Number(delivery.attempts))) : null,
      statusCode,
      durationMs: Date.now() - started,
      error,
      response,
    });
    webhookDeliveriesTotal.inc({ outcome });
    await this.trackHealth(delivery.endpoint_id, ok);
  }

  /**
   * Every answer moves the endpoint's failing time (a success clears it); one failing for 24 hours
   * is disabled, its pending deliveries failed, the change audited and the admins told (decision 053).
   */
  private async trackHealth(endpointId: string, ok: boolean): Promise<void> {
    await recordEndpointHealth(this.deps.db, endpointId, ok);
    if (ok) return;
    const disabled = await this.deps.db.transaction(async (tx) => {
      const endpoint = await disableIfFailingForADay(tx, endpointId);
      if (endpoint)
        await recordAudit(tx, {
          actor: null,
          action: 'webhook.disable',
          subject: 'Settings',
          subjectId: endpoint.id,
          details: { url: endpoint.url, reason: 'FAILING_FOR_24_HOURS', failingSince: endpoint.failingSince },
        });
      return endpoint;
    });
    if (disabled)
      await this.deps.onDisabled?.(disabled).catch((err: unknown) => this.deps.logger.error({ err }, 'could not tell the admins'));
  }
}
