import { z } from 'zod';
import { CONTACT_STATUSES, OPT_OUT_SOURCES } from './contacts.ts';
import { reportCampaignRowSchema } from './reports.ts';

/** How a contact came to opt in, as contact.opted_in's `source` says (migration 0035). */
export const OPT_IN_SOURCES = ['keyword', 'staff', 'web_form', 'sms_reply'] as const;

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

/** Limits of webhook endpoints. */
export const WEBHOOK_LIMITS = {
  descriptionMax: 500,
  /** Hours a rotated signing secret keeps signing beside the new one by default, and at most. */
  defaultOverlapHours: 24,
  overlapHoursMax: 168,
} as const;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** What the endpoint is for, as the admins wrote it ('' for none). */
  description: z.string(),
  active: z.boolean(),
  /** After a rotation: until when deliveries carry the replaced secret's signature too (past once over), else null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Set when the endpoint was turned off because every delivery failed for 24 hours (decision 053). */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const webhookUrlSchema = z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }).max(2000);
const webhookEventsSchema = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length);
const webhookDescriptionSchema = z.string().trim().max(WEBHOOK_LIMITS.descriptionMax);

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: webhookDescriptionSchema.optional(),
  active: z.boolean().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/**
 * PATCH /api/webhooks/{id}: change the address, events or description, or turn the endpoint off or
 * on (on: as POST .../enable, its halted deliveries queued again).
 */
export const updateWebhookBodySchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  description: webhookDescriptionSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

/** POST /api/webhooks/{id}/rotate-secret: how long the replaced secret keeps signing beside the new one (0: not at all). */
export const rotateWebhookSecretBodySchema = z.object({
  overlapHours: z.number().min(0).max(WEBHOOK_LIMITS.overlapHoursMax).default(WEBHOOK_LIMITS.defaultOverlapHours),
});
export type RotateWebhookSecretBody = z.infer<typeof rotateWebhookSecretBodySchema>;
export const webhookResponseSchema = z.object({ webhook: webhookSchema });

export const webhookIdParamsSchema = z.object({ id: z.uuid('id must be a valid webhook id') });
export const webhookListResponseSchema = z.object({ data: z.array(webhookSchema) });
/** The answer to registering an endpoint or rotating its secret: the only time the signing secret is returned. */
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

/** A time as PostgreSQL writes a timestamptz into JSON, e.g. 2026-12-07T09:00:00.123+00:00. */
const eventTime = z.string().describe('A time with its offset (ISO 8601)');

/**
 * What each event's `data` holds: built by the outbox's database triggers (migrations 0020, 0021,
 * 0028), documented as the OpenAPI document's `webhooks` (decision 094). Loose objects: a
 * receiver must accept fields added later. A field added to a trigger belongs here too;
 * webhooks.test.ts checks delivered payloads against these, field by field.
 */
const WEBHOOK_EVENT_DATA = {
  'message.status': z.looseObject({
    id: z.string().describe('The message id, as answered by POST /api/v1/messages'),
    to: z.string(),
    status: z.enum(['sent', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled']),
    reference: z.string().nullable(),
    errorCode: z.string().nullable(),
    contactId: z.string().nullable(),
  }),
  'message.inbound': z.looseObject({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    body: z.string(),
    receivedAt: eventTime,
    contactId: z.string().nullable(),
    contact: z.object({ id: z.string(), phone: z.string(), name: z.string().nullable() }).nullable().describe('The sender, when a contact'),
    replyToMessageId: z.string().nullable().describe('The message this answers, when matched as a reply (decision 092)'),
    campaignId: z.string().nullable().describe("That message's campaign, when it was a campaign's"),
  }),
  'contact.opted_out': z.looseObject({
    contactId: z.string(),
    phone: z.string(),
    status: z.enum(CONTACT_STATUSES),
    source: z.enum(OPT_OUT_SOURCES).nullable(),
  }),
  'contact.opted_in': z.looseObject({
    contactId: z.string(),
    phone: z.string(),
    status: z.enum(CONTACT_STATUSES),
    source: z.enum(OPT_IN_SOURCES).nullable().describe('How the contact opted in (decision 093)'),
  }),
  'campaign.completed': z.looseObject({
    campaignId: z.string(),
    name: z.string(),
    launchedAt: eventTime.nullable(),
    completedAt: eventTime.nullable(),
    figures: reportCampaignRowSchema
      .pick({
        recipients: true,
        sent: true,
        delivered: true,
        failed: true,
        replied: true,
        notReplied: true,
        optedOut: true,
        deliveredPct: true,
        repliedPct: true,
      })
      .describe("The campaigns report's figures when it completed (decision 092)"),
  }),
  'import.completed': z.looseObject({
    importId: z.string(),
    fileName: z.string(),
    finishedAt: eventTime.nullable(),
    counts: z.looseObject({
      rowsRead: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
      duplicates: z.number().int(),
      rejected: z.number().int(),
    }),
  }),
} satisfies Record<WebhookEvent, z.ZodObject>;

const WEBHOOK_EVENT_SUMMARIES: Record<WebhookEvent, string> = {
  'message.status': 'An integration API message changed status (sent, delivered, undelivered, failed, unknown)',
  'message.inbound': 'A message came in',
  'contact.opted_out': 'A contact opted out',
  'contact.opted_in': 'A contact opted back in',
  'campaign.completed': 'A campaign finished sending',
  'import.completed': 'A contacts import finished',
};

/** The component name of an event's body: message.status -> WebhookMessageStatusEvent. */
const componentName = (event: WebhookEvent) =>
  `Webhook${event
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;

/** An event's body as POSTed, `{ id, type, createdAt, data }`, with its component name and summary. */
export interface WebhookEventDocument {
  id: string;
  summary: string;
  schema: z.ZodObject;
}

/** Each event's body, by event. */
export const WEBHOOK_EVENT_SCHEMAS = {} as Record<WebhookEvent, WebhookEventDocument>;
for (const event of WEBHOOK_EVENTS) {
  WEBHOOK_EVENT_SCHEMAS[event] = {
    id: componentName(event),
    summary: WEBHOOK_EVENT_SUMMARIES[event],
    schema: z.looseObject({
      id: z.string().describe('The event id (also the Webhook-Id header): skip one already seen'),
      type: z.literal(event),
      createdAt: z.string().describe('When the event happened (ISO 8601, UTC)'),
      data: WEBHOOK_EVENT_DATA[event],
      links: z
        .record(z.string(), z.string())
        .optional()
        .describe('API addresses of what the event names (message, contact, inbound, replyTo, campaignReport), when PUBLIC_URL is set'),
    }),
  };
}
