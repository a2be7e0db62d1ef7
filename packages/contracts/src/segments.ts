import { z } from 'zod';
import { contactFilterSchema, contactFilterViewSchema } from './contacts.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

export const SEGMENT_LIMITS = { nameMax: 120 } as const;

/** Error codes of the segments API besides the generic ones. */
export const SEGMENT_ERROR_CODES = { inUse: 'SEGMENT_IN_USE', nameTaken: 'SEGMENT_NAME_TAKEN' } as const;

/**
 * What a saved segment is: the contacts list's filter without the free-text search (tags, status,
 * created range, and the advanced conditions of contactConditionsSchema). It compiles to SQL
 * through the very function the contacts list uses, so a segment, the list showing the same
 * filter and a campaign sent to it always name the same contacts.
 */
export const segmentDefinitionSchema = contactFilterSchema.omit({ search: true, country: true });
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;
/** A definition in an answer. */
export const segmentDefinitionViewSchema = contactFilterViewSchema.omit({ search: true, country: true });

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  definition: segmentDefinitionViewSchema,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

const nameField = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(SEGMENT_LIMITS.nameMax, `name must be at most ${SEGMENT_LIMITS.nameMax} characters`);

/** POST /api/segments */
export const createSegmentBodySchema = z.object({ name: nameField, definition: segmentDefinitionSchema });
export type CreateSegmentBody = z.infer<typeof createSegmentBodySchema>;
/** PUT /api/segments/{id}: any subset. */
export const updateSegmentBodySchema = createSegmentBodySchema.partial();
export type UpdateSegmentBody = z.infer<typeof updateSegmentBodySchema>;

export const segmentIdParamsSchema = z.object({ id: z.uuid('id must be a valid segment id') });
export const segmentResponseSchema = z.object({ segment: segmentSchema });

/** GET /api/segments */
export const listSegmentsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type ListSegmentsQuery = z.infer<typeof listSegmentsQuerySchema>;
export const segmentListResponseSchema = listResponseSchema(segmentSchema);
export type SegmentList = z.infer<typeof segmentListResponseSchema>;

/** POST /api/segments/count: the live count of a definition (saved or not). */
export const segmentCountBodySchema = z.object({ definition: segmentDefinitionSchema });
/** How many contacts match (`total`), and how many of them may be sent messages (`active`). */
export const segmentCountResponseSchema = z.object({ total: z.number().int(), active: z.number().int() });
export type SegmentCount = z.infer<typeof segmentCountResponseSchema>;
