import { z } from 'zod';
import { CAMPAIGN_STATUSES, campaignSchema } from './campaigns.ts';
import { listResponseSchema, pageQuerySchema, sortOrderSchema } from './lists.ts';
import { MESSAGE_STATUSES } from './messages.ts';
import { RECIPIENT_SORTS, REPORT_CAMPAIGN_SORTS, REPORT_EXPORT_FORMATS, TIMELINE_BUCKETS } from './report-fields.ts';

// The constants the web app's report pages need live in report-fields.ts, without zod (decision 064).
export * from './report-fields.ts';

/**
 * Per-campaign reports (issue 6, PRODUCT.md section 4 "Reports"). API under /api/reports/...;
 * screens at /reports, /reports/delivery/{id}, /reports/tag1-grouped/{id},
 * /reports/non-responders/{id}. Every figure here is derived from the same message rows as the
 * campaign counters, and the reply figures by one definition (reply-figures.ts), so the reports
 * agree with each other, the campaign page and the dashboard.
 */

export const reportExportQuerySchema = z.object({ format: z.enum(REPORT_EXPORT_FORMATS).default('csv') });

/** Percentage 0..100 with one decimal; 0 when the base is 0. */
export const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

// ---------------------------------------------------------------------------------------------
// GET /api/reports/campaigns: every campaign that started sending (launchedAt set: decision 084)
// ---------------------------------------------------------------------------------------------

export const reportCampaignsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  sort: z.enum(REPORT_CAMPAIGN_SORTS).default('launchedAt'),
  order: sortOrderSchema.default('desc'),
});
export type ReportCampaignsQuery = z.infer<typeof reportCampaignsQuerySchema>;

export const reportCampaignRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  recipients: z.number().int(),
  /** Handed to the gateway (sent + delivered + undelivered + unknown). */
  sent: z.number().int(),
  delivered: z.number().int(),
  /** failed + undelivered. */
  failed: z.number().int(),
  replied: z.number().int(),
  /** Reached and no reply: the non-responders (reply-figures.ts). */
  notReplied: z.number().int(),
  /** Recipients who opted out in answer to this campaign (reply-figures.ts): no later campaign moves it. */
  optedOut: z.number().int(),
  deliveredPct: z.number(),
  /** The response rate (reply-figures.ts). */
  repliedPct: z.number(),
  launchedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportCampaignRow = z.infer<typeof reportCampaignRowSchema>;
export const reportCampaignsResponseSchema = listResponseSchema(reportCampaignRowSchema);

/** The campaign a report is about, as every report's header shows it. */
export const reportCampaignHeaderSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  body: z.string(),
  replyWindowHours: z.number().int(),
  launchedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ReportCampaignHeader = z.infer<typeof reportCampaignHeaderSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/reports/delivery/{campaignId}: the summary (counts, percentages, timeline, errors)
// GET /api/reports/delivery/{campaignId}/recipients: the per-recipient table
// ---------------------------------------------------------------------------------------------

export const deliverySummarySchema = z.object({
  campaign: reportCampaignHeaderSchema,
  recipients: z.number().int(),
  /** One entry per message status, zeros included, in MESSAGE_STATUSES order. */
  byStatus: z.array(z.object({ status: z.enum(MESSAGE_STATUSES), n: z.number().int(), pct: z.number() })),
  replied: z.number().int(),
  repliedPct: z.number(),
  /** Recipients who opted out in answer to this campaign (reply-figures.ts). */
  optedOut: z.number().int(),
  /** Bucket chosen from the campaign's span so the chart has at most ~200 points. */
  bucket: z.enum(TIMELINE_BUCKETS),
  /** Sent, delivered and failed per bucket start (ISO), oldest first; empty buckets left out. */
  timeline: z.array(z.object({ at: z.string(), sent: z.number().int(), delivered: z.number().int(), failed: z.number().int() })),
  /** Error codes, most frequent first (at most 50). */
  errors: z.array(z.object({ errorCode: z.string(), errorText: z.string().nullable(), n: z.number().int() })),
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

/** Filters of the per-recipient table; tag1 + replied serve the tag1 report's cell drill-down. */
export const recipientsQuerySchema = pageQuerySchema.extend({
  status: z
    .array(z.enum(MESSAGE_STATUSES))
    .or(z.enum(MESSAGE_STATUSES).transform((s) => [s]))
    .optional(),
  errorCode: z.string().max(50, 'errorCode must be at most 50 characters').optional(),
  /** Exact tag1 value; NO_TAG1 ('') for contacts without one. */
  tag1: z.string().max(200, 'tag1 must be at most 200 characters').optional(),
  replied: z.enum(['yes', 'no']).optional(),
  /** Normalised reply word (upper case); 'OTHER' is not special here. */
  replyWord: z.string().max(50, 'replyWord must be at most 50 characters').optional(),
  /** Name or phone (digits). */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z.enum(RECIPIENT_SORTS).optional(),
  order: sortOrderSchema.default('asc'),
});
export type RecipientsQuery = z.infer<typeof recipientsQuerySchema>;

export const reportRecipientSchema = z.object({
  messageId: z.number().int(),
  contactId: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  tag1: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
  replyText: z.string().nullable(),
  replyWord: z.string().nullable(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;
export const recipientsResponseSchema = listResponseSchema(reportRecipientSchema);

// ---------------------------------------------------------------------------------------------
// GET /api/reports/tag1-grouped/{campaignId}
// ---------------------------------------------------------------------------------------------

export const replyWordCountSchema = z.object({ word: z.string(), n: z.number().int() });

export const tag1GroupSchema = z.object({
  /** NO_TAG1 ('') for contacts without tag1; the screen shows '(none)'. */
  tag1: z.string(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  /** failed + undelivered. */
  failed: z.number().int(),
  replied: z.number().int(),
  /** Reached and no reply: the group's non-responders (reply-figures.ts; replied + notReplied = reached). */
  notReplied: z.number().int(),
  /** replied / recipients, percent with one decimal (reply-figures.ts). */
  responseRate: z.number(),
  /** The group's recipients who opted out in answer to the campaign (reply-figures.ts). */
  optedOut: z.number().int(),
  /** The REPLY_WORDS_PER_GROUP most frequent words, then `other` = the remaining replies. */
  replyWords: z.array(replyWordCountSchema),
  other: z.number().int(),
});
export type Tag1Group = z.infer<typeof tag1GroupSchema>;

export const tag1ReportSchema = z.object({
  campaign: reportCampaignHeaderSchema,
  /** Largest group first; '(none)' sorted like any other value. */
  groups: z.array(tag1GroupSchema),
  totals: tag1GroupSchema.omit({ tag1: true }),
});
export type Tag1Report = z.infer<typeof tag1ReportSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/reports/non-responders/{campaignId}
// POST /api/reports/non-responders/{campaignId}/follow-up
// ---------------------------------------------------------------------------------------------

/** Non-responders: the message reached them (sent, delivered or unknown: reply-figures.ts), and no reply came (within or after the window). */
export const nonRespondersQuerySchema = pageQuerySchema.extend({
  /** Only these tag1 values (NO_TAG1 for contacts without one). Repeat the parameter for several. */
  tag1: z
    .array(z.string().max(200))
    .or(
      z
        .string()
        .max(200)
        .transform((s) => [s]),
    )
    .optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z.enum(['name', 'phone', 'tag1', 'sentAt']).optional(),
  order: sortOrderSchema.default('asc'),
});
export type NonRespondersQuery = z.infer<typeof nonRespondersQuerySchema>;

export const nonResponderSchema = reportRecipientSchema
  .pick({
    messageId: true,
    contactId: true,
    name: true,
    phone: true,
    tag1: true,
    status: true,
    sentAt: true,
    deliveredAt: true,
  })
  .extend({
    /** When this recipient's reply window closes (sentAt + replyWindowHours). */
    windowEndsAt: z.string().nullable(),
    /** Whether the contact has since opted out (the follow-up skips them). */
    optedOut: z.boolean(),
  });
export type NonResponder = z.infer<typeof nonResponderSchema>;

export const nonRespondersResponseSchema = listResponseSchema(nonResponderSchema).extend({
  /** Whether the reply window is still open for some of them (the screen says so). */
  windowOpen: z.boolean(),
  /** The tag1 values present among the non-responders with their counts (for the filter). */
  tag1Counts: z.array(z.object({ tag1: z.string(), n: z.number().int() })),
});
export type NonRespondersResponse = z.infer<typeof nonRespondersResponseSchema>;

export const followUpBodySchema = z.object({
  /** Only the non-responders with these tag1 values; all of them when absent or empty. */
  tag1: z.array(z.string().max(200)).max(500, 'tag1 may name at most 500 values').optional(),
  /** Defaults to "Follow-up: <original name>" (cut to the name limit). */
  name: z.string().trim().min(1, 'name is required').max(120, 'name must be at most 120 characters').optional(),
});
export type FollowUpBody = z.infer<typeof followUpBodySchema>;

/** 201: a draft whose audience is exactly those non-responders, with the original text, sender and gateway. */
export const followUpResponseSchema = z.object({ campaign: campaignSchema });

// ---------------------------------------------------------------------------------------------
// Shared by every per-campaign route
// ---------------------------------------------------------------------------------------------

/** The `{campaignId}` of /api/reports/<report>/{campaignId}. */
export const reportCampaignParamsSchema = z.object({ campaignId: z.uuid('campaignId must be a valid campaign id') });

/** Error codes of the reports API besides the generic ones. */
export const REPORT_ERROR_CODES = {
  /** 409 on a follow-up of a campaign that has sent nothing yet (draft, or scheduled and waiting). */
  notSent: 'CAMPAIGN_NOT_SENT',
} as const;

// ---------------------------------------------------------------------------------------------
// Integration API (/api/v1, scope reports:read): the same figures as the staff reports
// ---------------------------------------------------------------------------------------------

export const apiCampaignsQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be a nextCursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(50),
});
export type ApiCampaignsQuery = z.infer<typeof apiCampaignsQuerySchema>;
export const apiCampaignsResponseSchema = z.object({ data: z.array(reportCampaignRowSchema), nextCursor: z.string().nullable() }).meta({
  example: {
    data: [
      {
        id: '0199b8a2-54c1-7a33-9d1e-3f0b6a1c2d4e',
        name: 'Flu clinic reminder',
        status: 'completed',
        recipients: 1200,
        sent: 1200,
        delivered: 1150,
        failed: 50,
        replied: 300,
        notReplied: 850,
        optedOut: 4,
        deliveredPct: 95.8,
        repliedPct: 26.1,
        launchedAt: '2026-11-20T09:00:00.000Z',
        completedAt: '2026-11-20T09:02:10.000Z',
        createdAt: '2026-11-19T16:12:00.000Z',
      },
    ],
    nextCursor: null,
  },
});
export const apiCampaignParamsSchema = z.object({ id: z.uuid('id must be a valid campaign id') });
/** GET /api/v1/campaigns/{id}/report: the staff delivery summary and tag1 report, as they are. */
export const apiCampaignReportSchema = z.object({ delivery: deliverySummarySchema, repliesByTag1: tag1ReportSchema });
