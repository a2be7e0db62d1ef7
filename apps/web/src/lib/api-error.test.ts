import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, HttpFailure, NETWORK_MESSAGE, TIMEOUT_MESSAGE, toApiError } from './api-error';

/** The client's failure when the server answered `status` with `data`. */
const answered = (status: number, data: unknown): HttpFailure => HttpFailure.status(status, data);

describe('errorMessage (spec section 8)', () => {
  it("uses the response's message", () => {
    expect(errorMessage(answered(400, { message: 'email is required', error: 'Bad Request' }))).toBe('email is required');
  });

  it("falls back to the response's error when there is no message", () => {
    expect(errorMessage(answered(500, { error: 'Internal Server Error' }))).toBe('Internal Server Error');
  });

  it('falls back to the transport message when the body has neither', () => {
    expect(errorMessage(answered(502, '<html>Bad gateway</html>'))).toBe('Request failed with status code 502');
    expect(errorMessage(answered(500, { message: '' }))).toBe('Request failed with status code 500');
  });

  it('appends the code when the response has one', () => {
    expect(errorMessage(answered(409, { message: 'email already in use', code: 'CONFLICT' }))).toBe(
      'email already in use (Code: CONFLICT)',
    );
    expect(errorMessage(answered(500, { error: 'Oops', code: 'INTERNAL_ERROR' }))).toBe('Oops (Code: INTERNAL_ERROR)');
  });

  it('gives the exact timeout message when no response arrived in time', () => {
    const timeout = new HttpFailure('timeout', 'timeout of 300000ms exceeded');
    expect(errorMessage(timeout)).toBe(
      'Request timeout. The operation is taking longer than expected. Please check the results in the contact list.',
    );
    expect(errorMessage(new HttpFailure('timeout', 'timeout'))).toBe(TIMEOUT_MESSAGE);
  });

  it('gives the exact network message for any other failure without a response', () => {
    expect(errorMessage(new HttpFailure('network', 'Network Error'))).toBe('Network error. Please check your connection.');
    expect(NETWORK_MESSAGE).toBe('Network error. Please check your connection.');
  });

  it('passes plain errors through', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });
});

describe('toApiError', () => {
  it('keeps status, code, field and the message without code for inline errors', () => {
    const error = toApiError(answered(400, { message: 'email must be a valid email address', code: 'VALIDATION_ERROR', field: 'email' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe('email');
    expect(error.message).toBe('email must be a valid email address (Code: VALIDATION_ERROR)');
    expect(error.detail).toBe('email must be a valid email address');
  });

  it('reads retryAfter of throttled answers', () => {
    expect(toApiError(answered(429, { message: 'Too many attempts', retryAfter: 42 })).retryAfter).toBe(42);
  });

  it('reads the existing record of a duplicate', () => {
    const error = toApiError(
      answered(409, {
        message: 'A contact with this phone number already exists',
        code: 'CONTACT_EXISTS',
        field: 'phone',
        existingId: 'c-1',
      }),
    );
    expect(error).toMatchObject({ status: 409, code: 'CONTACT_EXISTS', field: 'phone', existingId: 'c-1' });
    expect(toApiError(answered(409, { message: 'x' })).existingId).toBeUndefined();
  });

  it('uses status 0 without a response', () => {
    const error = toApiError(new HttpFailure('network', 'Network Error'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_MESSAGE);
  });
});
