import { z } from 'zod';
import { API_ERROR_CODES } from './error-catalogue.ts';

export { ERROR_CODES } from './error-codes.ts';

/** Every error the API answers has this shape (PRODUCT.md section 5). */
export const errorResponseSchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  /** One of the catalogue's codes (docs/guide/errors.md). */
  code: z.enum(API_ERROR_CODES).optional(),
  /** For 400: the field that failed, as a dotted path. */
  field: z.string().optional(),
  /** For 429: seconds until a retry may succeed. */
  retryAfter: z.number().optional(),
  /** For 409 on a duplicate: the id of the record that already exists (e.g. CONTACT_EXISTS). */
  existingId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
