import { z } from 'zod';
import { CONTACT_STATUSES, contactSchema } from './contacts.ts';
import { MESSAGE_STATUSES } from './messages.ts';

/** The integration API (/api/v1): messages sent by other software with an API key. */
export const API_MESSAGE_PRIORITIES = ['high', 'normal'] as const;
export type ApiMessagePriority = (typeof API_MESSAGE_PRIORITIES)[number];

export const INTEGRATION_LIMITS = {
  bodyMax: 1600,
  referenceMax: 200,
  senderIdMax: 16,
  idempotencyKeyMax: 200,
  batchMax: 1000,
  pageMax: 100,
  statusCallbackMax: 2000,
} as const;

/** Error codes of the integration API besides the generic ones. */
export const INTEGRATION_ERROR_CODES = {
  optedOut: 'RECIPIENT_OPTED_OUT',
  invalidPhone: 'INVALID_PHONE',
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  gatewayUnavailable: 'GATEWAY_UNAVAILABLE',
  optInRefused: 'OPT_IN_REFUSED',
  /** POST /api/v1/messages/{id}/cancel on a message a gateway already had (or that ended otherwise). */
  notCancellable: 'MESSAGE_NOT_CANCELLABLE',
} as const;

/**
 * POST /api/v1/messages (and each item of a batch). Strict: an unknown field ("sheduledAt") is a
 * 400 naming it, not a message sent at once (issue 38).
 */
export const sendApiMessageBodySchema = z
  .strictObject({
    to: z.string().trim().min(1, 'to is required').max(40, 'to must be at most 40 characters'),
    body: z.string().min(1, 'body is required').max(INTEGRATION_LIMITS.bodyMax),
    senderId: z.string().trim().min(1).max(INTEGRATION_LIMITS.senderIdMax).optional(),
    gatewayId: z.uuid('gatewayId must be a gateway id').optional(),
    priority: z.enum(API_MESSAGE_PRIORITIES).optional(),
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
    reference: z.string().max(INTEGRATION_LIMITS.referenceMax).optional(),
    statusCallback: z
      .url({ protocol: /^https?$/, error: 'statusCallback must be an https URL' })
      .max(INTEGRATION_LIMITS.statusCallbackMax)
      .optional()
      .meta({
        description:
          "An https URL that hears this message's status changes (sent, delivered, undelivered, failed, unknown, cancelled), signed like webhooks. Public addresses only.",
      }),
  })
  .meta({ example: { to: '+447700900123', body: 'Your code is 481516', priority: 'high', reference: 'otp-2291' } });
export type SendApiMessageBody = z.infer<typeof sendApiMessageBodySchema>;

/** A message as the integration API shows it. */
export const apiMessageSchema = z
  .object({
    id: z.string(),
    /** E.164. */
    to: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    encoding: z.enum(['GSM-7', 'UCS-2']),
    segments: z.number().int(),
    priority: z.enum(API_MESSAGE_PRIORITIES),
    reference: z.string().nullable(),
    contactId: z.string().nullable(),
    createdAt: z.string(),
    scheduledAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
    reply: z.object({ text: z.string(), at: z.string() }).nullable(),
    /** The URL that hears its status changes, when the send named one. */
    statusCallback: z.string().nullable(),
  })
  .meta({
    example: {
      id: '1042',
      to: '+447700900123',
      status: 'queued',
      encoding: 'GSM-7',
      segments: 1,
      priority: 'high',
      reference: 'otp-2291',
      contactId: '0194f0c2-7d1e-7c3a-9b1e-2f4a5b6c7d8e',
      createdAt: '2026-11-27T09:00:00.000Z',
      scheduledAt: null,
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
      error: null,
      reply: null,
      statusCallback: null,
    },
  });
export type ApiMessage = z.infer<typeof apiMessageSchema>;

export const apiMessageIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id must be a message id') });

export const sendApiMessagesBatchBodySchema = z.strictObject({
  messages: z.array(sendApiMessageBodySchema).min(1, 'messages must hold at least one message').max(INTEGRATION_LIMITS.batchMax),
});

/** One item of a batch's answer: the message accepted, or why not. */
export const batchItemResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(['accepted', 'rejected']),
  message: apiMessageSchema.optional(),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }).optional(),
});
export const batchResponseSchema = z.object({ results: z.array(batchItemResultSchema) });

export const listApiMessagesQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  reference: z.string().max(INTEGRATION_LIMITS.referenceMax).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be a nextCursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(INTEGRATION_LIMITS.pageMax).default(50),
});
export const apiMessageListResponseSchema = z.object({ data: z.array(apiMessageSchema), nextCursor: z.string().nullable() });

export const listApiContactsQuerySchema = z.object({
  status: z.enum(CONTACT_STATUSES).optional(),
  phone: z.string().max(40).optional(),
  cursor: z.uuid('cursor must be a nextCursor from a previous page').optional(),
  limit: z.coerce.number().int().min(1).max(INTEGRATION_LIMITS.pageMax).default(50),
});
export const apiContactListResponseSchema = z.object({ data: z.array(contactSchema), nextCursor: z.string().nullable() });

/** GET /api/v1/inbound: inbound messages (replies), newest first. */
export const listApiInboundQuerySchema = z.object({
  from: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .meta({ description: 'The sender: a number (read as E.164) or a sender as it came (a short code, a name)' }),
  since: z.iso.datetime({ offset: true }).optional().meta({ description: 'Received at or after this time' }),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be a nextCursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(INTEGRATION_LIMITS.pageMax).default(50),
});

/** An inbound message (a reply, or a message from anyone) as the integration API shows it. */
export const apiInboundMessageSchema = z
  .object({
    id: z.string(),
    /** The sender: E.164 when it reads as a number, else as it came. */
    from: z.string(),
    /** Our number or short code it was sent to. */
    to: z.string(),
    body: z.string(),
    receivedAt: z.string(),
    /** The sender's contact, when the sender is a phone number. */
    contactId: z.string().nullable(),
    /** The outbound message it answers (an API or campaign message), when matched. */
    replyToMessageId: z.string().nullable(),
    /** The campaign of the message it answers, when that is a campaign message. */
    campaignId: z.string().nullable(),
    /** It opted its sender out (STOP and the other opt-out keywords). */
    optedOut: z.boolean(),
  })
  .meta({
    example: {
      id: '3051',
      from: '+447700900412',
      to: '+447700900000',
      body: 'YES',
      receivedAt: '2026-11-27T09:02:11.000Z',
      contactId: '0194f0c2-7d1e-7c3a-9b1e-2f4a5b6c7d8e',
      replyToMessageId: '1042',
      campaignId: null,
      optedOut: false,
    },
  });
export type ApiInboundMessage = z.infer<typeof apiInboundMessageSchema>;
export const apiInboundListResponseSchema = z.object({ data: z.array(apiInboundMessageSchema), nextCursor: z.string().nullable() });
