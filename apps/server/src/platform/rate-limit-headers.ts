import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequests } from './errors.ts';

/**
 * Where a request stands in the budget it spent (decision 076: a user's, an address's, or an API
 * key's), told to the client on every answer, 429s included, as the IETF draft's fields (RateLimit-Limit,
 * -Remaining, -Reset in seconds, -Policy "limit;w=window"), which client libraries read to slow
 * down before they are refused.
 */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the budget is whole again. */
  resetSeconds: number;
  /** The budget's window in seconds (60 for the per-minute budgets, 1 for an API key's per-second rate). */
  windowSeconds: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    rateLimit?: RateLimitState;
  }
}

/** A 429 that knows the budget it refused. */
export class BudgetSpent extends TooManyRequests {
  readonly rateLimit: RateLimitState;
  constructor(message: string, retryAfterSeconds: number, rateLimit: RateLimitState) {
    super(message, retryAfterSeconds);
    this.rateLimit = rateLimit;
  }
}

/**
 * Spends from a budget for `request` (or only checks it: `spend` answers nothing), keeping where
 * it stands, also when the answer is a 429.
 */
export function charge(request: FastifyRequest, spend: () => RateLimitState | void): void {
  try {
    const state = spend();
    if (state) request.rateLimit = state;
  } catch (error) {
    if (error instanceof BudgetSpent) request.rateLimit = error.rateLimit;
    throw error;
  }
}

/** Adds the RateLimit fields to every answer of a request that spent a budget. */
export function registerRateLimitHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const state = request.rateLimit;
    if (!state) return;
    reply.header('ratelimit-limit', String(state.limit));
    reply.header('ratelimit-remaining', String(Math.max(0, state.remaining)));
    reply.header('ratelimit-reset', String(Math.max(0, Math.ceil(state.resetSeconds))));
    reply.header('ratelimit-policy', `${state.limit};w=${state.windowSeconds}`);
  });
}
