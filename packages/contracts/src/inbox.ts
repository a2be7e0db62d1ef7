import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQuerySchema } from './lists.ts';
import { MESSAGE_KINDS, MESSAGE_STATUSES, outboundMessageSchema } from './messages.ts';
import { analyseSms } from './sms-encoding.ts';
import { keywordRuleApplicationSchema } from './keyword-rules.ts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './tickets.ts';

/**
 * The SMS inbox: one conversation per contact who wrote to us or was answered from the inbox; a
 * thread merges the contact's campaign messages, one-off messages and inbound messages by time.
 */

export const INBOX_LIMITS = {
  /** Parts a reply typed in the inbox may take (the SMS rules of sms-encoding.ts count them). */
  replyMaxSegments: 10,
  /** Characters, whatever the encoding (10 GSM-7 parts hold 1,530). */
  replyMaxChars: 1600,
  searchMax: 100,
  threadPageDefault: 30,
} as const;

export const INBOX_ERROR_CODES = {
  /** The contact opted out: no reply can be sent until they opt back in. */
  optedOut: 'CONTACT_OPTED_OUT',
  gatewayUnavailable: 'GATEWAY_UNAVAILABLE',
} as const;

/** Query-string booleans: 'true' / 'false' (absent = no filter). */
const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

export const listConversationsQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(30),
  search: z.string().trim().max(INBOX_LIMITS.searchMax, `search must be at most ${INBOX_LIMITS.searchMax} characters`).optional(),
  unread: flag('unread'),
  optedOut: flag('optedOut'),
  campaignId: z.uuid('campaignId must be a valid campaign id').optional(),
});
export type ListConversationsQuery = z.input<typeof listConversationsQuerySchema>;

export const conversationSchema = z.object({
  contactId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  optedOut: z.boolean(),
  lastActivityAt: z.string(),
  lastMessage: z.object({
    direction: z.enum(['in', 'out']),
    body: z.string(),
    at: z.string(),
    status: z.enum(MESSAGE_STATUSES).nullable(),
  }),
  unread: z.number().int(),
  /** The conversation as a ticket (tickets.ts): its status now, assignee and priority. */
  ticket: z.object({
    status: z.enum(TICKET_STATUSES),
    assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    priority: z.enum(TICKET_PRIORITIES),
  }),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListResponseSchema = z.object({
  data: z.array(conversationSchema),
  total: z.number().int(),
  unreadConversations: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListResponseSchema>;

export const conversationParamsSchema = z.object({ contactId: z.uuid('contactId must be a valid contact id') });

/** One message of a thread or a contact's history: inbound (from the contact) or outbound. */
export const threadMessageSchema = z.object({
  /** 'in-<id>' or 'out-<id>': unique across both tables. */
  key: z.string(),
  id: z.string(),
  direction: z.enum(['in', 'out']),
  /** Outbound kind; null for inbound messages. */
  kind: z.enum(MESSAGE_KINDS).nullable(),
  body: z.string(),
  at: z.string(),
  /** Outbound status; null for inbound messages. */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  errorCode: z.string().nullable(),
  segments: z.number().int().nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** Inbound: the keyword rules that applied to it and what they did (decision 104); absent when none. */
  ruleApplications: z.array(keywordRuleApplicationSchema).optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** Paging backwards: `before` is the `nextCursor` of the previous page. */
export const threadQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(INBOX_LIMITS.threadPageDefault),
  before: z
    .string()
    .regex(/^\d{1,20}:(in|out)-\d{1,18}$/, 'before must be a cursor from a previous page')
    .optional(),
});
export type ThreadQuery = z.input<typeof threadQuerySchema>;

/** Newest first; `nextCursor` fetches the older page (null: no more). */
export const threadResponseSchema = z.object({ data: z.array(threadMessageSchema), nextCursor: z.string().nullable() });
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const inboxContactSchema = z.object({
  contactId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  optedOut: z.boolean(),
});
export const threadWithContactResponseSchema = threadResponseSchema.extend({ contact: inboxContactSchema });
export type ThreadWithContact = z.infer<typeof threadWithContactResponseSchema>;

/** Whether a reply fits the SMS rules (an empty check answers null). */
export function replyBodyProblem(body: string): string | null {
  if (body.trim() === '') return 'body is required';
  if (body.length > INBOX_LIMITS.replyMaxChars) return `body must be at most ${INBOX_LIMITS.replyMaxChars} characters`;
  const { segments } = analyseSms(body);
  if (segments > INBOX_LIMITS.replyMaxSegments)
    return `body takes ${segments} SMS parts; at most ${INBOX_LIMITS.replyMaxSegments} are allowed`;
  return null;
}

export const replyBodySchema = z.object({
  body: z.string({ error: 'body is required' }).superRefine((body, context) => {
    const problem = replyBodyProblem(body);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  /** The template the reply was written from (a quick reply): counted as one use of it. */
  templateId: z.uuid('templateId must be a template id').optional(),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;
export const replyResponseSchema = z.object({ message: outboundMessageSchema });

export const readResponseSchema = z.object({ contactId: z.string(), unread: z.number().int() });

/**
 * Server-sent events of GET /api/inbox/stream (`event:` names): a new inbound message (after its
 * processing: contact linked, keywords applied), and a new or changed outbound one-off (reply, auto
 * answer) of a conversation.
 */
export const inboxEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('inbound'), id: z.string(), contactId: z.string() }),
  z.object({ type: z.literal('message'), id: z.string(), contactId: z.string(), status: z.enum(MESSAGE_STATUSES) }),
]);
export type InboxEvent = z.infer<typeof inboxEventSchema>;
