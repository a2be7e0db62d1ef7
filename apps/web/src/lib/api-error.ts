import i18next from 'i18next';
import { troubleOfAnswer, type ConnectionTrouble } from './connection/connection-trouble';

/** Spec section 8: shown when a request times out without any response. */
export const TIMEOUT_MESSAGE =
  'Request timeout. The operation is taking longer than expected. Please check the results in the contact list.';
/** Spec section 8: shown when a request fails without any response for another reason. */
export const NETWORK_MESSAGE = 'Network error. Please check your connection.';
/** Shown (translated) when the server answered that it cannot serve now (issue 33): nothing was done. */
export const NOT_SAVED_MESSAGE = 'The server is reconnecting; nothing was saved. Try again in a moment.';

/** Why a request failed at the transport: an error answer, no answer in time, no answer at all, or cancelled by the caller. */
export type HttpFailureKind = 'status' | 'timeout' | 'network' | 'canceled';

/**
 * What the HTTP client (api-client.ts) throws before it becomes an ApiError: the transport's own
 * message (`Request failed with status code 404`, `Network Error`, ...) and, for error answers,
 * the status and the body (parsed JSON when it is JSON).
 */
export class HttpFailure extends Error {
  readonly kind: HttpFailureKind;
  readonly response: { status: number; data: unknown; retryAfter?: number } | undefined;

  constructor(kind: HttpFailureKind, message: string, response?: { status: number; data: unknown; retryAfter?: number }) {
    super(message);
    this.name = 'HttpFailure';
    this.kind = kind;
    this.response = response;
  }

  /** An error answer, with axios's (and so the spec's fallback) transport text; `retryAfter`: its Retry-After header, in seconds. */
  static status(status: number, data: unknown, retryAfter?: number): HttpFailure {
    return new HttpFailure('status', `Request failed with status code ${status}`, { status, data, retryAfter });
  }
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  code?: unknown;
  field?: unknown;
  retryAfter?: unknown;
  existingId?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The JSON error body of a server response, when it is an object. */
export function errorBody(data: unknown): ErrorBody {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as ErrorBody) : {};
}

/** The server's own text for an error response: message, else error, else undefined (no code suffix). */
export function serverMessage(data: unknown): string | undefined {
  const body = errorBody(data);
  return text(body.message) ?? text(body.error);
}

/** The response body's machine code, when present. */
export function serverCode(data: unknown): string | undefined {
  const code = errorBody(data).code;
  return typeof code === 'number' ? String(code) : text(code);
}

/**
 * The text to show for a failed call (spec section 8): the response's `message`, else its
 * `error`, else the transport message, plus ` (Code: {code})` when the response has a code;
 * without a response, the exact timeout or network message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpFailure) {
    if (error.kind === 'canceled') return error.message;
    const response = error.response;
    if (!response) return error.kind === 'timeout' ? TIMEOUT_MESSAGE : NETWORK_MESSAGE;
    const code = serverCode(response.data);
    // The database or the server behind a proxy is away (a gateway timeout may have done the work).
    if (response.status !== 504 && troubleOfAnswer(response.status, code))
      return i18next.t('common:connection.notSaved', { defaultValue: NOT_SAVED_MESSAGE }) || NOT_SAVED_MESSAGE;
    const base = serverMessage(response.data) ?? error.message;
    return code ? `${base} (Code: ${code})` : base;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return NETWORK_MESSAGE;
}

/**
 * What every failed API call rejects with: `message` is the spec's display text (see
 * errorMessage); `detail` is the server's text without the code suffix, for inline field errors.
 */
export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The response's machine code (e.g. VALIDATION_ERROR), when present. */
  readonly code: string | undefined;
  /** For 400 answers: the dotted path of the field that failed. */
  readonly field: string | undefined;
  /** For 429 and 503 answers: seconds until a retry may succeed (the body's, else the Retry-After header). */
  readonly retryAfter: number | undefined;
  /** Set when the server could not serve the call now (connection/connection-trouble.ts); a retry later may succeed. */
  readonly trouble: ConnectionTrouble | undefined;
  /** For 409 answers on a duplicate: the id of the record that already exists. */
  readonly existingId: string | undefined;
  /** The server's message without the code suffix (falls back to `message`). */
  readonly detail: string;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    field?: string;
    retryAfter?: number;
    trouble?: ConnectionTrouble;
    existingId?: string;
    detail?: string;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.retryAfter = init.retryAfter;
    this.trouble = init.trouble;
    this.existingId = init.existingId;
    this.detail = init.detail ?? init.message;
  }
}

/** Turns anything a request threw into an ApiError (idempotent). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = errorMessage(error);
  if (error instanceof HttpFailure && error.response) {
    const body = errorBody(error.response.data);
    const code = serverCode(error.response.data);
    return new ApiError({
      status: error.response.status,
      message,
      code,
      field: text(body.field),
      retryAfter: typeof body.retryAfter === 'number' ? body.retryAfter : error.response.retryAfter,
      trouble: troubleOfAnswer(error.response.status, code),
      existingId: text(body.existingId),
      detail: serverMessage(error.response.data) ?? error.message,
      cause: error,
    });
  }
  return new ApiError({
    status: 0,
    message,
    trouble: error instanceof HttpFailure && error.kind === 'network' ? 'unreachable' : undefined,
    cause: error,
  });
}
