import type { DatabaseAvailability } from '../../db/availability.ts';
import type { Db } from '../../db/client.ts';
import { OUTBOUND_USER_AGENT } from '../../platform/product-version.ts';
import { OutboxDrain } from '../../platform/outbox-drain.ts';
import { eventBody, postWebhook, retryDelayMs, signWebhook } from '../webhooks/index.ts';
import { claimCallbacks, recordCallbackAttempt, type ClaimedCallback } from './status-callbacks.queries.ts';

const TIMEOUT_MS = 10_000;
const POLL_MS = 250;
const BATCH = 20;
const ERROR_CHARS = 500;

interface CallbackDeps {
  db: Db;
  allowPrivate: boolean;
  /** PUBLIC_URL: callbacks carry the message's API address, as webhooks do (decision 092). */
  publicUrl?: string | undefined;
  logger: { error(details: object, message: string): void };
  /** The database's availability: an outage is logged once there, and waited for instead of polled. */
  availability?: DatabaseAvailability;
}

/**
 * The signing secret of a message's callbacks, in the webhooks' `whsec_` form: the SHA-256 of the
 * sending key's secret, which the caller holds already and the database keeps (decision 092).
 */
export const callbackSecret = (secretHash: string) => `whsec_${Buffer.from(secretHash, 'hex').toString('base64')}`;

/**
 * Sends the integration API's status callbacks from their outbox table (status_callback_deliveries,
 * written by trigger as a message's status changes), with the webhooks' POST, signature and
 * retries (decision 052): 2xx delivers; a timeout, a network error, 5xx or 429 is retried with
 * backoff for 24 hours; any other answer, or a refused address, fails at once. Rows survive
 * restarts; a crashed attempt's lease runs out and another worker takes it.
 */
export class StatusCallbackDeliverer {
  private readonly deps: CallbackDeps;
  private readonly drain: OutboxDrain;

  constructor(deps: CallbackDeps) {
    this.deps = deps;
    this.drain = new OutboxDrain(
      async () => {
        const claimed = await claimCallbacks(this.deps.db, BATCH);
        await Promise.all(claimed.map((callback) => this.deliver(callback)));
        return claimed.length > 0;
      },
      { pollMs: POLL_MS, failure: 'status callback delivery failed', logger: deps.logger, availability: deps.availability },
    );
  }

  start(): void {
    this.drain.start();
  }

  stop(): Promise<void> {
    return this.drain.stop();
  }

  private async deliver(callback: ClaimedCallback): Promise<void> {
    const body = eventBody(
      { id: callback.event_id, type: 'message.status', createdAt: new Date(callback.created_at).toISOString(), data: callback.data },
      this.deps.publicUrl,
    );
    const timestamp = Math.floor(Date.now() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    let final = false;
    if (!callback.secret_hash) {
      error = 'the API key that sent the message is gone: nothing to sign with';
      final = true;
    } else {
      try {
        const answer = await postWebhook(new URL(callback.url), {
          headers: {
            'content-type': 'application/json',
            'user-agent': OUTBOUND_USER_AGENT,
            'webhook-id': callback.event_id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(callbackSecret(callback.secret_hash), callback.event_id, timestamp, body),
          },
          body,
          timeoutMs: TIMEOUT_MS,
          excerptChars: 0,
          allowPrivate: this.deps.allowPrivate,
        });
        statusCode = answer.statusCode;
      } catch (caught) {
        error = (caught as Error).message.slice(0, ERROR_CHARS);
        // A refused address is no passing trouble: retrying would knock on the same door for a day.
        final = (caught as Error).name === 'PrivateAddressRefused';
      }
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryable = !final && (statusCode === null || statusCode >= 500 || statusCode === 429);
    const outcome = ok ? 'delivered' : retryable && !callback.expired ? 'retry' : 'failed';
    await recordCallbackAttempt(this.deps.db, {
      id: callback.id,
      outcome,
      retryAt: outcome === 'retry' ? new Date(Date.now() + retryDelayMs(Number(callback.attempts))) : null,
      statusCode,
      error,
    });
  }
}
