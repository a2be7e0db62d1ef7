import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, HttpFailure, NETWORK_MESSAGE, NOT_SAVED_MESSAGE, TIMEOUT_MESSAGE, toApiError } from './api-error';

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
    expect(errorMessage(answered(500, '<html>Internal error</html>'))).toBe('Request failed with status code 500');
    expect(errorMessage(answered(500, { message: '' }))).toBe('Request failed with status code 500');
  });

  it('says that nothing was saved when the database is away or a proxy finds the server away (issue 33)', () => {
    const database = { message: 'The database is unavailable; try again in a few seconds.', code: 'DATABASE_UNAVAILABLE', retryAfter: 5 };
    expect(errorMessage(answered(503, database))).toBe(NOT_SAVED_MESSAGE);
    expect(errorMessage(answered(503, '<html>Service unavailable</html>'))).toBe(NOT_SAVED_MESSAGE);
    expect(errorMessage(answered(502, '<html>Bad gateway</html>'))).toBe(NOT_SAVED_MESSAGE);
    // A gateway timeout may have let the work through; maintenance has its own page.
    expect(errorMessage(answered(504, '<html>Gateway timeout</html>'))).toBe('Request failed with status code 504');
    expect(errorMessage(answered(503, { message: 'Back at noon', code: 'MAINTENANCE' }))).toBe('Back at noon (Code: MAINTENANCE)');
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

  it('names the connection trouble: unreachable without an answer, reconnecting when the server or a proxy says so', () => {
    expect(toApiError(new HttpFailure('network', 'Network Error')).trouble).toBe('unreachable');
    expect(toApiError(new HttpFailure('timeout', 'timeout')).trouble).toBeUndefined();
    expect(toApiError(new HttpFailure('canceled', 'canceled')).trouble).toBeUndefined();
    expect(toApiError(answered(503, { message: 'x', code: 'DATABASE_UNAVAILABLE', retryAfter: 5 }))).toMatchObject({
      trouble: 'reconnecting',
      retryAfter: 5,
    });
    // A proxy's answer: no body of ours, Retry-After from its header.
    expect(toApiError(HttpFailure.status(502, '<html></html>', 3))).toMatchObject({ trouble: 'reconnecting', retryAfter: 3 });
    expect(toApiError(answered(500, { message: 'x' })).trouble).toBeUndefined();
  });
});
