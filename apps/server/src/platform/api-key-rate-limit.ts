import { TooManyRequests } from './errors.ts';

/**
 * Per API key request budget: a token bucket per key, refilled at the key's rate (requests per
 * second) and holding one second's worth. Kept in this process (decision 050): a key's budget is
 * per API process, which a deployment with N processes multiplies by N at most.
 */
export class ApiKeyRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Spends one request of `key`'s budget, or throws 429 with the seconds until the next one. */
  take(key: { id: string; rateLimit: number }, now = Date.now()): void {
    const rate = Math.max(1, key.rateLimit);
    const bucket = this.buckets.get(key.id) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(key.id, bucket);
    if (bucket.tokens < 1) {
      throw new TooManyRequests(`This API key is limited to ${rate} requests per second. Slow down.`, (1 - bucket.tokens) / rate);
    }
    bucket.tokens -= 1;
  }
}
