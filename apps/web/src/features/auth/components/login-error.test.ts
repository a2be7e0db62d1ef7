import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { loginErrorView, retryDelay } from './login-error';

describe('retryDelay', () => {
  it('uses seconds, minutes or hours, rounded up', () => {
    expect(retryDelay(0)).toEqual({ value: 1, unit: 'second' });
    expect(retryDelay(42.2)).toEqual({ value: 43, unit: 'second' });
    expect(retryDelay(60)).toEqual({ value: 1, unit: 'minute' });
    expect(retryDelay(61)).toEqual({ value: 2, unit: 'minute' });
    expect(retryDelay(900)).toEqual({ value: 15, unit: 'minute' });
    expect(retryDelay(3600)).toEqual({ value: 1, unit: 'hour' });
    expect(retryDelay(5000)).toEqual({ value: 2, unit: 'hour' });
    expect(retryDelay(Number.NaN)).toEqual({ value: 1, unit: 'second' });
  });
});

describe('loginErrorView', () => {
  it('shows the retry time for 429', () => {
    const error = new ApiError({ status: 429, message: 'Too many (Code: TOO_MANY_REQUESTS)', code: 'TOO_MANY_REQUESTS', retryAfter: 600 });
    expect(loginErrorView(error)).toEqual({ key: 'throttled', delay: { value: 10, unit: 'minute' } });
    expect(loginErrorView(new ApiError({ status: 429, message: 'Too many' }))).toEqual({ key: 'throttled', delay: null });
  });

  it('tells an account locked for everyone (a reset link still works) from a slowed address', () => {
    const error = new ApiError({ status: 429, message: 'Too many failed sign-ins', code: 'ACCOUNT_LOCKED', retryAfter: 3600 });
    expect(loginErrorView(error)).toEqual({ key: 'locked', delay: { value: 1, unit: 'hour' } });
  });

  it('translates wrong credentials and disabled accounts', () => {
    expect(loginErrorView(new ApiError({ status: 401, message: 'x', code: 'INVALID_CREDENTIALS' }))).toEqual({ key: 'invalidCredentials' });
    expect(loginErrorView(new ApiError({ status: 401, message: 'x', code: 'ACCOUNT_DISABLED' }))).toEqual({ key: 'accountDisabled' });
  });

  it('keeps the server message (with its code) otherwise', () => {
    expect(loginErrorView(new ApiError({ status: 500, message: 'Internal error (Code: INTERNAL_ERROR)' }))).toEqual({
      text: 'Internal error (Code: INTERNAL_ERROR)',
    });
    expect(loginErrorView(new Error('Network error. Please check your connection.'))).toEqual({
      text: 'Network error. Please check your connection.',
    });
  });
});
