import { z } from 'zod';

/** Every error the API answers has this shape (PRODUCT.md section 5). */
export const errorResponseSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  code: z.string().optional(),
  /** For 400: the field that failed, as a dotted path. */
  field: z.string().optional(),
  /** For 429: seconds until a retry may succeed. */
  retryAfter: z.number().optional(),
  /** For 409 on a duplicate: the id of the record that already exists (e.g. CONTACT_EXISTS). */
  existingId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Stable machine-readable codes the web app may branch on. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  throttled: 'TOO_MANY_REQUESTS',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 429 of an account past its hourly sign-in failures (for everyone; a reset link still works). */
  accountLocked: 'ACCOUNT_LOCKED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  lastAdmin: 'LAST_ADMIN',
  internal: 'INTERNAL_ERROR',
} as const;
