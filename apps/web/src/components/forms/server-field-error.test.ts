import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { serverFieldError, showSubmitError } from './server-field-error';

const fields = ['name', 'email', 'password'] as const;
const apiError = (status: number, field?: string) =>
  new ApiError({ status, message: `Bad (Code: X)`, detail: 'Bad', code: 'X', ...(field ? { field } : {}) });

describe('serverFieldError', () => {
  it('names the field of a 400 or 409 answer, with the message without the code suffix', () => {
    expect(serverFieldError(apiError(400, 'email'), fields)).toEqual({ field: 'email', message: 'Bad' });
    expect(serverFieldError(apiError(409, 'email'), fields)).toEqual({ field: 'email', message: 'Bad' });
    expect(serverFieldError(apiError(400, 'password.0'), fields)).toEqual({ field: 'password', message: 'Bad' });
  });

  it('returns null for fields the form does not have, other statuses and other errors', () => {
    expect(serverFieldError(apiError(400, 'role'), fields)).toBeNull();
    expect(serverFieldError(apiError(400), fields)).toBeNull();
    expect(serverFieldError(apiError(403, 'email'), fields)).toBeNull();
    expect(serverFieldError(new Error('boom'), fields)).toBeNull();
  });
});

describe('showSubmitError', () => {
  const shown = (error: unknown) => {
    const calls: string[] = [];
    showSubmitError(
      error,
      fields,
      (field, { message }, { shouldFocus }) => calls.push(`field ${field}: ${message}${shouldFocus ? ' (focused)' : ''}`),
      (message) => calls.push(`alert: ${message}`),
    );
    return calls;
  };

  it("puts a named field's error on that field, focused, and nothing in the alert", () => {
    expect(shown(apiError(400, 'email'))).toEqual(['field email: Bad (focused)']);
  });

  it("puts every other failure in the form's alert", () => {
    expect(shown(apiError(400, 'role'))).toEqual(['alert: Bad (Code: X)']);
    expect(shown(apiError(500))).toEqual(['alert: Bad (Code: X)']);
  });
});
