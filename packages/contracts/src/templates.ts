import { z } from 'zod';
import { CAMPAIGN_LIMITS, senderIdSchema } from './campaigns.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

export const TEMPLATE_LIMITS = { nameMax: 120, categoryMax: 60 } as const;

/** Error codes of the templates API besides the generic ones. */
export const TEMPLATE_ERROR_CODES = { nameTaken: 'TEMPLATE_NAME_TAKEN' } as const;

/**
 * A saved message text with merge fields (message-template.ts), started from in the campaign
 * composer and offered as a quick reply in the inbox. `useCount` and `lastUsedAt` count the
 * campaigns created from it and the inbox replies sent with it.
 */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  body: z.string(),
  senderId: z.string().nullable(),
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

const templateFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(TEMPLATE_LIMITS.nameMax, `name must be at most ${TEMPLATE_LIMITS.nameMax} characters`),
  category: z
    .string({ error: 'category must be text' })
    .trim()
    .max(TEMPLATE_LIMITS.categoryMax, `category must be at most ${TEMPLATE_LIMITS.categoryMax} characters`)
    .nullable()
    .transform((value) => (value ? value : null)),
  body: z
    .string({ error: 'body is required' })
    .max(CAMPAIGN_LIMITS.bodyMax, `body must be at most ${CAMPAIGN_LIMITS.bodyMax} characters`)
    .refine((value) => value.trim() !== '', 'body is required'),
  senderId: senderIdSchema,
};

/** POST /api/templates */
export const createTemplateBodySchema = z.object({
  name: templateFields.name,
  category: templateFields.category.default(null),
  body: templateFields.body,
  senderId: templateFields.senderId.default(null),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;
/** PUT /api/templates/{id}: any subset. */
export const updateTemplateBodySchema = z.object(templateFields).partial();
export type UpdateTemplateBody = z.infer<typeof updateTemplateBodySchema>;

export const templateIdParamsSchema = z.object({ id: z.uuid('id must be a valid template id') });
export const templateResponseSchema = z.object({ template: templateSchema });

export const TEMPLATE_SORT_FIELDS = ['name', 'updatedAt', 'lastUsedAt', 'useCount'] as const;

/** GET /api/templates: `search` matches name, category or text (case-insensitive). */
export const listTemplatesQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  category: z.string().trim().max(TEMPLATE_LIMITS.categoryMax).optional(),
  sort: z.enum(TEMPLATE_SORT_FIELDS, { error: `sort must be one of ${TEMPLATE_SORT_FIELDS.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuerySchema>;
export const templateListResponseSchema = listResponseSchema(templateSchema);
export type TemplateList = z.infer<typeof templateListResponseSchema>;
