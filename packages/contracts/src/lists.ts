import { z } from 'zod';

/** Upper bound of `limit` on every list endpoint. */
export const MAX_PAGE_SIZE = 100;

/** `limit` and `skip` as every list endpoint takes them (query strings, so coerced). */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(10),
  skip: z.coerce.number().int('skip must be a whole number').min(0, 'skip must be 0 or more').default(0),
});

export const sortOrderSchema = z.enum(['asc', 'desc']);

/** `{ data, total }`: the shape of every list answer. */
export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
