import { describe, expect, it } from 'vitest';
import { RETRY_CAP_MS, retryDelayMs, troubleOfAnswer } from './connection-trouble';

describe('troubleOfAnswer', () => {
  it("reads 503 DATABASE_UNAVAILABLE and a proxy's 502, 503 or 504 (no code of ours) as reconnecting", () => {
    expect(troubleOfAnswer(503, 'DATABASE_UNAVAILABLE')).toBe('reconnecting');
    expect(troubleOfAnswer(503, undefined)).toBe('reconnecting');
    expect(troubleOfAnswer(502, undefined)).toBe('reconnecting');
    expect(troubleOfAnswer(504, undefined)).toBe('reconnecting');
  });

  it("leaves the app's own answers alone: maintenance, client errors, a server error", () => {
    expect(troubleOfAnswer(503, 'MAINTENANCE')).toBeUndefined();
    expect(troubleOfAnswer(500, 'INTERNAL_ERROR')).toBeUndefined();
    expect(troubleOfAnswer(500, undefined)).toBeUndefined();
    expect(troubleOfAnswer(404, 'NOT_FOUND')).toBeUndefined();
    expect(troubleOfAnswer(429, 'TOO_MANY_REQUESTS')).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map((failures) => retryDelayMs(failures))).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000]);
    expect(RETRY_CAP_MS).toBe(10_000);
  });

  it("honours the server's Retry-After, whatever the failure count, within the same cap", () => {
    expect(retryDelayMs(0, 5)).toBe(5000);
    expect(retryDelayMs(6, 5)).toBe(5000);
    expect(retryDelayMs(0, 0)).toBe(0);
    expect(retryDelayMs(0, 2.5)).toBe(2500);
    expect(retryDelayMs(0, 120)).toBe(10_000);
  });
});
