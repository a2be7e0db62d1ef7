import { z } from 'zod';
import { pageQuerySchema } from './lists.ts';

/**
 * Conversations as tickets (issue 35): every inbox conversation (one per contact) has a status,
 * an assignee, labels and a priority. A conversation nothing changed yet is open, unassigned and
 * of normal priority; a snoozed one whose time has passed reads as open.
 */

export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'snoozed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** The list's tabs: mine, unassigned and all list unresolved conversations; resolved the resolved ones. */
export const TICKET_VIEWS = ['mine', 'unassigned', 'all', 'resolved'] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];
export const USER_AVAILABILITIES = ['available', 'away'] as const;
export type UserAvailability = (typeof USER_AVAILABILITIES)[number];

export const TICKET_LIMITS = { labelMaxChars: 32, labelsMax: 10, reportDaysMax: 365, reportDaysDefault: 30 } as const;

const label = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'labels must not be empty')
  .max(TICKET_LIMITS.labelMaxChars, `a label must be at most ${TICKET_LIMITS.labelMaxChars} characters`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'a label holds letters, digits, spaces, - and _');

export const ticketListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(30),
  view: z.enum(TICKET_VIEWS, { error: `view must be one of ${TICKET_VIEWS.join(', ')}` }).default('all'),
  status: z.enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}` }).optional(),
  priority: z.enum(TICKET_PRIORITIES, { error: `priority must be one of ${TICKET_PRIORITIES.join(', ')}` }).optional(),
  label: label.optional(),
  campaignId: z.uuid('campaignId must be a valid campaign id').optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketSchema = z.object({
  contactId: z.string(),
  /** As it reads now: a snooze that has run out reads open. */
  status: z.enum(TICKET_STATUSES),
  snoozedUntil: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  labels: z.array(z.string()),
  priority: z.enum(TICKET_PRIORITIES),
  openedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketRowSchema = ticketSchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  lastActivityAt: z.string(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;
export const ticketListResponseSchema = z.object({ data: z.array(ticketRowSchema), total: z.number().int() });
export type TicketList = z.infer<typeof ticketListResponseSchema>;
export const ticketResponseSchema = z.object({ ticket: ticketSchema });

export const ticketParamsSchema = z.object({ contactId: z.uuid('contactId must be a valid contact id') });

/** One change of a conversation: any of its fields; `snoozedUntil` goes with status snoozed (a future time). */
export const updateTicketBodySchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}` }).optional(),
    snoozedUntil: z.iso.datetime({ offset: true, error: 'snoozedUntil must be a date and time (ISO 8601)' }).optional(),
    assigneeId: z.uuid('assigneeId must be a valid user id').nullable().optional(),
    labels: z
      .array(label, { error: 'labels must be a list of labels' })
      .max(TICKET_LIMITS.labelsMax, `at most ${TICKET_LIMITS.labelsMax} labels`)
      .optional(),
    priority: z.enum(TICKET_PRIORITIES, { error: `priority must be one of ${TICKET_PRIORITIES.join(', ')}` }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'snoozed' && !body.snoozedUntil)
      ctx.addIssue({ code: 'custom', path: ['snoozedUntil'], message: 'snoozedUntil is required to snooze a conversation' });
    if (body.snoozedUntil && body.status !== 'snoozed')
      ctx.addIssue({ code: 'custom', path: ['snoozedUntil'], message: 'snoozedUntil goes with status snoozed' });
  });
export type UpdateTicketBody = z.input<typeof updateTicketBodySchema>;

/** Staff who may answer in the inbox (and so be assigned), with their availability. */
export const ticketAgentSchema = z.object({ id: z.string(), name: z.string(), availability: z.enum(USER_AVAILABILITIES) });
export type TicketAgent = z.infer<typeof ticketAgentSchema>;
export const ticketAgentsResponseSchema = z.object({ data: z.array(ticketAgentSchema) });

export const ticketSettingsSchema = z.object({
  /** Assign each new conversation to the next available agent, round-robin (off by default). */
  autoAssign: z.boolean({ error: 'autoAssign must be true or false' }),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

export const availabilityBodySchema = z.object({
  availability: z.enum(USER_AVAILABILITIES, { error: `availability must be one of ${USER_AVAILABILITIES.join(', ')}` }),
});
export const availabilityResponseSchema = availabilityBodySchema;

export const ticketReportQuerySchema = z.object({
  days: z.coerce
    .number()
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(TICKET_LIMITS.reportDaysMax, `days must be at most ${TICKET_LIMITS.reportDaysMax}`)
    .default(TICKET_LIMITS.reportDaysDefault),
});

/** A time figure: how many rounds it covers and their median in seconds (null without any). */
export const durationFigureSchema = z.object({ count: z.number().int(), medianSeconds: z.number().nullable() });
export const ticketReportRowSchema = z.object({ firstResponse: durationFigureSchema, resolution: durationFigureSchema });
export const ticketReportResponseSchema = z.object({
  days: z.number().int(),
  overall: ticketReportRowSchema,
  /** First response by the staff member who answered; resolution by the assignee when it was resolved (null: unassigned). */
  byAgent: z.array(ticketReportRowSchema.extend({ userId: z.string().nullable(), name: z.string().nullable() })),
  /** By the conversation's labels now; a conversation counts under each of its labels. */
  byLabel: z.array(ticketReportRowSchema.extend({ label: z.string() })),
});
export type TicketReport = z.infer<typeof ticketReportResponseSchema>;
