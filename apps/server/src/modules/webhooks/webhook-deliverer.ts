import { isIP } from 'node:net';
import type { Db } from '../../db/client.ts';
import { claimDeliveries, recordAttempt, type ClaimedDelivery } from './webhooks.queries.ts';
import { signWebhook } from './webhook-signature.ts';

const TIMEOUT_MS = 10_000;
const POLL_MS = 250;
const BATCH = 20;
const RESPONSE_EXCERPT = 500;

/** Whether a host is a private, loopback or link-local address (or localhost): refused unless allowed. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6) return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
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
  private running = false;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wakeUp: (() => void) | undefined;

  private readonly deps: { db: Db; allowPrivate: boolean; logger: { error(details: object, message: string): void } };

  constructor(deps: { db: Db; allowPrivate: boolean; logger: { error(details: object, message: string): void } }) {
    this.deps = deps;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        const claimed = await claimDeliveries(this.deps.db, BATCH);
        worked = claimed.length > 0;
        await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      } catch (error) {
        this.deps.logger.error({ err: error }, 'webhook delivery failed');
      }
      if (!worked && this.running)
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.timer = setTimeout(resolve, POLL_MS);
        });
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = Date.now();
    const createdAt = new Date(delivery.created_at).toISOString();
    const body = JSON.stringify({ id: delivery.event_id, type: delivery.event_type, createdAt, data: delivery.data });
    const timestamp = Math.floor(Date.now() / 1000);
    let statusCode: number | null = null;
    let response: string | null = null;
    let error: string | null = null;
    try {
      const url = new URL(delivery.url);
      if (!this.deps.allowPrivate && isPrivateHost(url.hostname)) throw new Error('private, loopback and link-local addresses are refused');
      const answer = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(delivery.secret, delivery.event_id, timestamp, body),
        },
        body,
      });
      statusCode = answer.status;
      response = (await answer.text()).slice(0, RESPONSE_EXCERPT);
    } catch (caught) {
      error = (caught as Error).message.slice(0, RESPONSE_EXCERPT);
    }
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryable = statusCode === null || statusCode >= 500 || statusCode === 429;
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
  }
}
