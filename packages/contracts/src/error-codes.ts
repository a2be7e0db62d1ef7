// Without zod, so the first pages need not load it (decision 064); errors.ts re-exports it.
import { DATABASE_UNAVAILABLE_CODE } from './database-unavailable.ts';

/** Stable machine-readable codes the web app may branch on. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  /** 405: the address exists, not with this method; the Allow header lists the ones it takes. */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  throttled: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 429 of an account past its hourly sign-in failures (for everyone; a reset link still works). */
  accountLocked: 'ACCOUNT_LOCKED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  lastAdmin: 'LAST_ADMIN',
  /** 401 of an API key secret replaced by a rotation whose overlap has ended: use the new secret. */
  apiKeyRotated: 'API_KEY_ROTATED',
  internal: 'INTERNAL_ERROR',
  /** 503 while the database cannot be reached (a restart, a failover): retry after Retry-After seconds. */
  databaseUnavailable: DATABASE_UNAVAILABLE_CODE,
} as const;
