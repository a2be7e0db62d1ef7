import { z } from 'zod';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from './message-statuses.ts';

export * from './message-statuses.ts';

/** An outbound message as the API presents it. */
export const outboundMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  campaignId: z.string().nullable(),
  contactId: z.string().nullable(),
  phone: z.string(),
  body: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  attempts: z.number().int(),
  segments: z.number().int().nullable(),
  encoding: z.enum(['GSM-7', 'UCS-2']).nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;
export const outboundMessageResponseSchema = z.object({ message: outboundMessageSchema });
export const messageIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'id must be a message id') });
