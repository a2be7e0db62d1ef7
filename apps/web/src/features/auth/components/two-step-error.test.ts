import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { twoStepErrorView } from './two-step-error';

const api = (status: number, code?: string, retryAfter?: number) =>
  new ApiError({ status, message: `failed (Code: ${code})`, ...(code ? { code } : {}), ...(retryAfter ? { retryAfter } : {}) });

describe('twoStepErrorView', () => {
  it('names the outcomes the page explains in its own words', () => {
    expect(twoStepErrorView(api(401, 'INVALID_CODE'))).toEqual({ key: 'invalidCode' });
    expect(twoStepErrorView(api(401, 'CHALLENGE_INVALID'))).toEqual({ key: 'expired' });
    expect(twoStepErrorView(api(409, 'SMS_UNAVAILABLE'))).toEqual({ key: 'smsUnavailable' });
  });

  it('gives the wait of a throttled attempt', () => {
    expect(twoStepErrorView(api(429, 'TOO_MANY_REQUESTS', 125))).toEqual({ key: 'throttled', delay: { value: 3, unit: 'minute' } });
    expect(twoStepErrorView(api(429))).toEqual({ key: 'throttled', delay: null });
  });

  it('keeps the spec message rule for anything else', () => {
    expect(twoStepErrorView(api(500, 'INTERNAL_ERROR'))).toEqual({ text: 'failed (Code: INTERNAL_ERROR)' });
    expect(twoStepErrorView(new Error('offline'))).toEqual({ text: 'offline' });
  });
});
