import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { serverFieldError } from './server-field-error';

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
