import { z } from 'zod';

/** GET /api/health: the process is up (liveness). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

const checkSchema = z.enum(['ok', 'error', 'pending']);

/** GET /api/health/ready: 200 when every part works, 503 naming the part that does not. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: checkSchema,
  migrations: checkSchema,
  jobs: checkSchema,
  /** When not ready: why, in a sentence for operators ("Database unavailable since ...: 57P01 ..."). */
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessResponseSchema>;
