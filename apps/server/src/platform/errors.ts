import type { ApiErrorCode } from '@sms/contracts/error-catalogue';
import { ERROR_CODES } from '@sms/contracts/errors';

/** Base of every error the API answers on purpose; the error handler maps it to its status. */
export class AppError extends Error {
  readonly statusCode: number;
  /** One of the catalogue's codes (docs/guide/errors.md). */
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  /** 409 on a duplicate: the id of the record that already exists. */
  readonly existingId: string | undefined;
  constructor(
    statusCode: number,
    message: string,
    code: ApiErrorCode,
    extra: { field?: string; retryAfter?: number; existingId?: string } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = code;
    this.field = extra.field;
    this.retryAfter = extra.retryAfter;
    this.existingId = extra.existingId;
  }
}

/** 400: a field failed a rule; `field` is its dotted path (`code` when the web app tells this failure apart). */
export class ValidationError extends AppError {
  constructor(field: string, message: string, code: ApiErrorCode = ERROR_CODES.validation) {
    super(400, message, code, { field });
  }
}

/** 401: no valid session, or wrong credentials (`field`: the code of a second step that was wrong). */
export class Unauthenticated extends AppError {
  constructor(message = 'Sign in to continue.', code: ApiErrorCode = ERROR_CODES.unauthenticated, field?: string) {
    super(401, message, code, field === undefined ? {} : { field });
  }
}

/** 403: signed in, but the role or the policy does not allow this. */
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message, ERROR_CODES.forbidden);
  }
}

/** 404: the thing does not exist (or is deleted). */
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message, ERROR_CODES.notFound);
  }
}

/** 409: the request clashes with the current state (duplicate, last admin, ...). */
export class Conflict extends AppError {
  constructor(message: string, options: { code?: ApiErrorCode; field?: string; existingId?: string } = {}) {
    super(409, message, options.code ?? ERROR_CODES.conflict, {
      ...(options.field === undefined ? {} : { field: options.field }),
      ...(options.existingId === undefined ? {} : { existingId: options.existingId }),
    });
  }
}

/** 413: an upload past its size limit; `field` names the file field. */
export class PayloadTooLarge extends AppError {
  constructor(message: string, field: string) {
    super(413, message, ERROR_CODES.payloadTooLarge, { field });
  }
}

/** 415: an upload that is not multipart, or a file of a type the field does not take. */
export class UnsupportedMediaType extends AppError {
  constructor(message: string, field: string) {
    super(415, message, ERROR_CODES.unsupportedMediaType, { field });
  }
}

/** 422: the request is well formed but cannot be carried out as things stand. */
export class Unprocessable extends AppError {
  constructor(message: string, code: ApiErrorCode, field?: string) {
    super(422, message, code, field === undefined ? {} : { field });
  }
}

/** 429: throttled; `retryAfter` in seconds is also sent as the Retry-After header. */
export class TooManyRequests extends AppError {
  constructor(message: string, retryAfter: number, code: ApiErrorCode = ERROR_CODES.throttled) {
    super(429, message, code, { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
  }
}

/** 503: the database cannot be reached now (a restart, a failover); nothing was done, retry after a few seconds. */
export class DatabaseUnavailable extends AppError {
  constructor() {
    super(503, 'The database is unavailable; try again in a few seconds.', ERROR_CODES.databaseUnavailable, { retryAfter: 5 });
  }
}
