import { z } from 'zod';

/** Events an endpoint may listen to (issue 20). */
export const WEBHOOK_EVENTS = [
  'message.status',
  'message.inbound',
  'contact.opted_out',
  'contact.opted_in',
  'campaign.completed',
  'import.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.string(),
  /** Set when the endpoint was turned off because every delivery failed for 24 hours (decision 053). */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookBodySchema = z.object({
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length),
  active: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookIdParamsSchema = z.object({ id: z.uuid('id must be a valid webhook id') });
export const webhookListResponseSchema = z.object({ data: z.array(webhookSchema) });
/** The answer to registering an endpoint: the only time its signing secret is returned. */
export const createdWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  response: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be a nextCursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const webhookDeliveriesResponseSchema = z.object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid('id must be a valid webhook id'),
  deliveryId: z.string().regex(/^\d{1,18}$/, 'deliveryId must be a delivery id'),
});
