import { BudgetSpent, type RateLimitState } from './rate-limit-headers.ts';

/**
 * Per API key request budget: a token bucket per key, refilled at the key's rate (requests per
 * second) and holding one second's worth. Kept in this process (decision 050): a key's budget is
 * per API process, which a deployment with N processes multiplies by N at most.
 */
export class ApiKeyRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Spends one request of `key`'s budget, or throws 429 with the seconds until the next one. */
  take(key: { id: string; rateLimit: number }, now = Date.now()): RateLimitState {
    const rate = Math.max(1, key.rateLimit);
    const bucket = this.buckets.get(key.id) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(key.id, bucket);
    const state = (): RateLimitState => ({
      limit: rate,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: (rate - bucket.tokens) / rate,
      windowSeconds: 1,
    });
    if (bucket.tokens < 1) {
      throw new BudgetSpent(`This API key is limited to ${rate} requests per second. Slow down.`, (1 - bucket.tokens) / rate, state());
    }
    bucket.tokens -= 1;
    return state();
  }
}
