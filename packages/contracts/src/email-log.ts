import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

/**
 * The e-mail log (/apps/email, admins; decision 103): every e-mail the product sent or tried.
 * A new kind of e-mail adds its name at the end of EMAIL_KINDS (and says whether its body may be
 * kept in EMAIL_BODY_KEPT).
 */
export const EMAIL_KINDS = [
  /** A password reset link (account e-mail: body never kept, the link is a secret). */
  'password_reset',
  /** An invitation to the team (body never kept: the link is a secret). */
  'invitation',
  /** An admin told that a webhook was turned off. */
  'webhook_disabled',
  /** An answer to a contact-form message, by e-mail. */
  'web_reply',
  /** The admins' digest of new contact-form messages. */
  'web_digest',
  /** A notification a user asked to receive by e-mail. */
  'notification',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Kinds whose body holds no secret and is kept in the log; the others keep subject and kind only. */
export const EMAIL_BODY_KEPT: ReadonlySet<EmailKind> = new Set<EmailKind>(['webhook_disabled', 'web_reply', 'web_digest', 'notification']);

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The error stored when no SMTP server is configured (the message went to the admins' outbox). */
export const EMAIL_ERROR_NO_SMTP = 'no_smtp';

/** GET /api/email-log: filters and page. */
export const emailLogQuerySchema = pageQuerySchema.extend({
  kind: z.enum(EMAIL_KINDS, { error: `kind must be one of ${EMAIL_KINDS.join(', ')}` }).optional(),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
  search: z.string().trim().max(254, 'search must be at most 254 characters').optional(),
});
export type EmailLogQuery = z.infer<typeof emailLogQuerySchema>;

export const emailLogIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, 'id must be a whole number'),
});

/** One e-mail in the log. `body` is null when its kind holds a secret (or retention removed it). */
export const emailLogEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  /** The SMTP server's last answer (e.g. "250 OK: queued", "550 5.1.1 no such user"). */
  smtpResponse: z.string().nullable(),
  /** What failed without an answer (connection refused...), or 'no_smtp'. */
  error: z.string().nullable(),
  /** The contact-form message an answer belongs to (opens the inbox's Web messages). */
  webMessageId: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;

export const emailLogListResponseSchema = listResponseSchema(emailLogEntrySchema);
export type EmailLogListResponse = z.infer<typeof emailLogListResponseSchema>;

export const emailLogEntryResponseSchema = z.object({ entry: emailLogEntrySchema.extend({ body: z.string().nullable() }) });
export type EmailLogEntryResponse = z.infer<typeof emailLogEntryResponseSchema>;
