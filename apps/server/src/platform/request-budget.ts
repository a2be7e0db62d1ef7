import { BudgetSpent, type RateLimitState } from './rate-limit-headers.ts';

const WINDOW_MS = 60_000;

/**
 * Requests per minute per key (a user, an address), counted in fixed one-minute windows in this
 * process (decision 076). A coarse guard, not a quota: with N API processes a key gets up to N
 * budgets. Keys whose window ended are dropped as new ones arrive, and at most `maxKeys` are kept
 * (the oldest windows go first), so a flood of addresses cannot grow it without bound.
 */
export class RequestBudget {
  readonly perMinute: number;
  private readonly maxKeys: number;
  private readonly windows = new Map<string, { used: number; endsAt: number }>();

  constructor(perMinute: number, maxKeys = 100_000) {
    this.perMinute = perMinute;
    this.maxKeys = maxKeys;
  }

  /** Spends one request of `key`'s budget and answers where it stands; throws 429 with the seconds until its window ends when it is spent. */
  spend(key: string, now = Date.now()): RateLimitState {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (window) this.windows.delete(key);
      this.makeRoom(now);
      window = { used: 0, endsAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    if (window.used >= this.perMinute) throw tooMany(window.endsAt - now, this.state(window, now));
    window.used += 1;
    return this.state(window, now);
  }

  private state(window: { used: number; endsAt: number }, now: number): RateLimitState {
    return {
      limit: this.perMinute,
      remaining: this.perMinute - window.used,
      resetSeconds: (window.endsAt - now) / 1000,
      windowSeconds: WINDOW_MS / 1000,
    };
  }

  /** Throws the same 429 as `spend` when `key`'s budget is spent, without spending. */
  assertOpen(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window && window.endsAt > now && window.used >= this.perMinute) throw tooMany(window.endsAt - now, this.state(window, now));
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    // Insertion order is the order windows started: the ended ones come first.
    for (const [key, window] of this.windows) {
      if (window.endsAt > now && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

const tooMany = (waitMs: number, state: RateLimitState) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new BudgetSpent(`Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, seconds, state);
};

/** The API's request budgets (decision 076): one per signed-in user, one per address for anonymous requests and failed authentication. */
export interface RequestBudgets {
  perUser: RequestBudget;
  perAddress: RequestBudget;
}

/** Budgets of `perUser` and `perAddress` requests a minute. */
export const requestBudgets = (limits: { perUserPerMinute: number; perAddressPerMinute: number }): RequestBudgets => ({
  perUser: new RequestBudget(limits.perUserPerMinute),
  perAddress: new RequestBudget(limits.perAddressPerMinute),
});
