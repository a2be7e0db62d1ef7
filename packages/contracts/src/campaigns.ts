import { z } from 'zod';
import { campaignStatusReasonSchema } from './campaign-status-reason.ts';
import { contactFilterSchema, contactFilterViewSchema, contactSchema } from './contacts.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';
import type { MessageStatus } from './messages.ts';
import { isPhoneCountry } from './phone-countries.ts';
import { replyFiguresSchema } from './reply-figures.ts';
import { segmentDefinitionViewSchema } from './segments.ts';
import { gatewayLinkSchema } from './gateways.ts';
import { isLocalDateTime, isTimeZone, minutesOfDay } from './zoned-time.ts';
import { CAMPAIGN_STATUSES } from './campaign-statuses.ts';

// The states live in campaign-statuses.ts, without zod, for pages that need only them (decision 064).
export { CAMPAIGN_STATUSES, EDITABLE_CAMPAIGN_STATUSES, FINISHED_CAMPAIGN_STATUSES, type CampaignStatus } from './campaign-statuses.ts';

/** The actions that move a campaign between states (POST /api/campaigns/{id}/{action}). */
export const CAMPAIGN_ACTIONS = ['launch', 'pause', 'resume', 'cancel'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export const CAMPAIGN_LIMITS = {
  nameMax: 120,
  /** Characters of the template (a long UCS-2 message of 10 parts is 670). */
  bodyMax: 1600,
  /** Alphanumeric sender IDs: 11 characters; numeric: up to 15 digits with '+'. */
  senderIdMax: 16,
  /** Contacts an explicit audience list may name. */
  audienceContactsMax: 100_000,
  rateLimitMax: 10_000,
  replyWindowHoursMax: 24 * 30,
  validityHoursMax: 24 * 7,
  /** Recipients shown in an audience preview. */
  previewSample: 5,
} as const;

export const DEFAULT_REPLY_WINDOW_HOURS = 72;

/** Error codes of the campaigns API besides the generic ones. */
export const CAMPAIGN_ERROR_CODES = {
  illegalTransition: 'CAMPAIGN_STATE',
  notEditable: 'CAMPAIGN_NOT_EDITABLE',
  emptyAudience: 'EMPTY_AUDIENCE',
  gatewayUnavailable: 'GATEWAY_UNAVAILABLE',
  scheduleInPast: 'SCHEDULE_IN_PAST',
} as const;

/**
 * Who receives a campaign. Opted-out contacts never do, whatever the audience says.
 * - all: every active contact;
 * - filter: contacts matching tags/status/created range (the contacts list's filter);
 * - contacts: an explicit list (ids);
 * - non_responders: recipients of another campaign whose message reached them (sent, delivered or
 *   unknown: reply-figures.ts) and who have not replied, optionally only some tag1 values ('' =
 *   contacts without tag1);
 * - segment: a saved segment, read when the campaign starts sending; its definition then is
 *   recorded in the campaign (SegmentSnapshot) for the reports.
 */
export const audienceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('all') }),
    z.object({ type: z.literal('filter'), filter: contactFilterSchema.omit({ search: true, country: true }) }),
    z.object({
      type: z.literal('contacts'),
      contactIds: z
        .array(z.uuid('audience.contactIds must be contact ids'))
        .min(1, 'audience.contactIds must name at least one contact')
        .max(CAMPAIGN_LIMITS.audienceContactsMax, `audience.contactIds may name at most ${CAMPAIGN_LIMITS.audienceContactsMax} contacts`),
    }),
    z.object({
      type: z.literal('non_responders'),
      campaignId: z.uuid('audience.campaignId must be a campaign id'),
      tag1: z.array(z.string().max(100)).max(500, 'audience.tag1 may list at most 500 values').optional(),
    }),
    z.object({ type: z.literal('segment'), segmentId: z.uuid('audience.segmentId must be a segment id') }),
  ],
  { error: 'audience.type must be one of all, filter, contacts, non_responders, segment' },
);
export type Audience = z.infer<typeof audienceSchema>;

/** What a segment audience records when it is resolved (the campaign starts sending). */
export const segmentSnapshotSchema = z.object({ segmentName: z.string(), definition: segmentDefinitionViewSchema, resolvedAt: z.string() });
export type SegmentSnapshot = z.infer<typeof segmentSnapshotSchema>;
/** An audience as a campaign stores it: a segment audience may carry its snapshot. */
export type StoredAudience = Exclude<Audience, { type: 'segment' }> | (Extract<Audience, { type: 'segment' }> & Partial<SegmentSnapshot>);

/** How an audience is presented: explicit lists answer their size, not the ids. */
export const audienceViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('filter'), filter: contactFilterViewSchema.omit({ search: true, country: true }) }),
  z.object({ type: z.literal('contacts'), count: z.number().int() }),
  z.object({
    type: z.literal('non_responders'),
    campaignId: z.string(),
    campaignName: z.string().nullable(),
    tag1: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('segment'),
    segmentId: z.string(),
    /** The segment's current name (null once deleted), else the recorded one. */
    segmentName: z.string().nullable(),
    /** The definition recorded when the campaign started sending (null until then). */
    snapshot: segmentSnapshotSchema.nullable(),
  }),
]);
export type AudienceView = z.infer<typeof audienceViewSchema>;

export const quietHoursSchema = z
  .object({
    start: z.string().refine((v) => !Number.isNaN(minutesOfDay(v)), 'quietHours.start must be a time HH:mm'),
    end: z.string().refine((v) => !Number.isNaN(minutesOfDay(v)), 'quietHours.end must be a time HH:mm'),
  })
  .refine((w) => w.start !== w.end, { error: 'quietHours.end must differ from quietHours.start', path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const senderIdSchema = z
  .string()
  .trim()
  .max(CAMPAIGN_LIMITS.senderIdMax, `senderId must be at most ${CAMPAIGN_LIMITS.senderIdMax} characters`)
  .refine(
    (v) => v === '' || /^\+?\d{3,15}$/.test(v) || /^(?=.*[A-Za-z])[A-Za-z0-9 .\-&]{1,11}$/.test(v),
    'senderId must be a phone number or 1-11 letters and digits (with at least one letter)',
  )
  .nullable()
  .transform((v) => (v ? v : null));

const timeZoneSchema = z.string().refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Paris');

/** Fields a campaign is made of; all optional on update. */
const campaignFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(CAMPAIGN_LIMITS.nameMax, `name must be at most ${CAMPAIGN_LIMITS.nameMax} characters`),
  body: z.string({ error: 'body must be text' }).max(CAMPAIGN_LIMITS.bodyMax, `body must be at most ${CAMPAIGN_LIMITS.bodyMax} characters`),
  senderId: senderIdSchema,
  /** null = the default gateway at launch. */
  gatewayId: z.uuid('gatewayId must be a gateway id').nullable(),
  audience: audienceSchema,
  /** Local date-time 'YYYY-MM-DDTHH:mm' read in timeZone; null = send when launched. */
  scheduledLocal: z.string().refine(isLocalDateTime, 'scheduledLocal must be a date and time (YYYY-MM-DDTHH:mm)').nullable(),
  timeZone: timeZoneSchema,
  /** Messages per second for this campaign; null = as fast as the gateway allows. */
  rateLimit: z
    .number()
    .int('rateLimit must be a whole number')
    .min(1, 'rateLimit must be at least 1')
    .max(CAMPAIGN_LIMITS.rateLimitMax, `rateLimit must be at most ${CAMPAIGN_LIMITS.rateLimitMax}`)
    .nullable(),
  replyWindowHours: z
    .number()
    .int('replyWindowHours must be a whole number')
    .min(1, 'replyWindowHours must be at least 1')
    .max(CAMPAIGN_LIMITS.replyWindowHoursMax, `replyWindowHours must be at most ${CAMPAIGN_LIMITS.replyWindowHoursMax}`),
  /** Daily window in the organisation's time zone when nothing is sent; null = none. */
  quietHours: quietHoursSchema.nullable(),
  /** Give up on messages not sent within this many hours of the launch (marked skipped); null = never. */
  validityHours: z
    .number()
    .int('validityHours must be a whole number')
    .min(1, 'validityHours must be at least 1')
    .max(CAMPAIGN_LIMITS.validityHoursMax, `validityHours must be at most ${CAMPAIGN_LIMITS.validityHoursMax}`)
    .nullable(),
};

/** POST /api/campaigns: a new draft. Only the name is required; the rest has defaults. */
export const createCampaignBodySchema = z.object({
  name: campaignFields.name,
  /** The template the text was started from (counted as one use of it). */
  templateId: z.uuid('templateId must be a template id').optional(),
  body: campaignFields.body.default(''),
  senderId: campaignFields.senderId.default(null),
  gatewayId: campaignFields.gatewayId.default(null),
  audience: campaignFields.audience.default({ type: 'all' }),
  scheduledLocal: campaignFields.scheduledLocal.default(null),
  timeZone: campaignFields.timeZone.optional(),
  rateLimit: campaignFields.rateLimit.default(null),
  replyWindowHours: campaignFields.replyWindowHours.default(DEFAULT_REPLY_WINDOW_HOURS),
  quietHours: campaignFields.quietHours.default(null),
  validityHours: campaignFields.validityHours.default(null),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** PUT /api/campaigns/{id}: any subset, while draft or scheduled. */
export const updateCampaignBodySchema = z.object(campaignFields).partial();
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

/**
 * Message counts by status; `total` is the number of recipients materialised so far; `replied`
 * counts recipients who answered and `optedOut` those who opted out in answer (reply-figures.ts);
 * they overlap the statuses, so they are not part of the total.
 */
const count = z.number().int();
export const campaignCountsSchema = z.object({
  queued: count,
  sending: count,
  sent: count,
  delivered: count,
  undelivered: count,
  /** Handed to the carrier, no receipt within the validity period (counted as reached: reply-figures.ts). */
  unknown: count,
  failed: count,
  cancelled: count,
  skipped: count,
  total: count,
  replied: count,
  optedOut: count,
}) satisfies z.ZodType<Record<MessageStatus | 'total' | 'replied' | 'optedOut', number>>;
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  senderId: z.string().nullable(),
  gatewayId: z.string().nullable(),
  gatewayName: z.string().nullable(),
  audience: audienceViewSchema,
  status: z.enum(CAMPAIGN_STATUSES),
  /** Why it paused by itself, failed, or is waiting (quiet hours): a code with parameters (campaign-status-reason.ts). */
  statusReason: campaignStatusReasonSchema.nullable(),
  scheduledAt: z.string().nullable(),
  scheduledLocal: z.string().nullable(),
  timeZone: z.string(),
  rateLimit: z.number().nullable(),
  replyWindowHours: z.number(),
  quietHours: quietHoursSchema.nullable(),
  validityHours: z.number().nullable(),
  followUpOf: z.string().nullable(),
  /** True once every recipient has its message row (launch fan-out done). */
  audienceReady: z.boolean(),
  counts: campaignCountsSchema,
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it started sending; null until then, a scheduled campaign included (decision 084). */
  launchedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponseSchema = z.object({ campaign: campaignSchema });
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;
export const campaignIdParamsSchema = z.object({ id: z.uuid('id must be a valid campaign id') });

export const CAMPAIGN_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'scheduledAt', 'launchedAt'] as const;

/** GET /api/campaigns */
export const listCampaignsQuerySchema = pageQuerySchema.extend({
  status: z
    .union([z.enum(CAMPAIGN_STATUSES), z.array(z.enum(CAMPAIGN_STATUSES))], {
      error: `status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
    })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z.enum(CAMPAIGN_SORT_FIELDS, { error: `sort must be one of ${CAMPAIGN_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuerySchema>;
export const campaignListResponseSchema = listResponseSchema(campaignSchema);
export type CampaignList = z.infer<typeof campaignListResponseSchema>;

/** POST /api/campaigns/audience-preview: how many active contacts an audience reaches, and a few of them. */
export const audiencePreviewBodySchema = z.object({ audience: audienceSchema });
export const audiencePreviewResponseSchema = z.object({
  count: z.number().int(),
  /** Contacts the audience names that are opted out (never sent to). */
  optedOut: z.number().int(),
  sample: z.array(contactSchema),
  /** The active recipients per destination country (null: a number of no country), most first: the cost estimate prices them. */
  destinations: z.array(z.object({ country: z.string().nullable(), recipients: z.number().int() })),
});
export type AudiencePreview = z.infer<typeof audiencePreviewResponseSchema>;

/**
 * POST /api/campaigns/{id}/test-send: the campaign's text (merge fields filled from `contactId`'s
 * contact, or the fallbacks) to one number, through the campaign's gateway.
 */
export const testSendBodySchema = z.object({
  phone: z.string({ error: 'phone is required' }).trim().min(1, 'phone is required').max(40, 'phone must be at most 40 characters'),
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'defaultCountry must be a two-letter country code (such as GB)')
    .optional(),
  contactId: z.uuid('contactId must be a contact id').optional(),
});
export type TestSendBody = z.infer<typeof testSendBodySchema>;

/** Live figures of a running campaign for its detail page. */
export const campaignProgressSchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  statusReason: campaignStatusReasonSchema.nullable(),
  audienceReady: z.boolean(),
  counts: campaignCountsSchema,
  /** Messages handed to the gateway per second over the last minute. */
  ratePerSecond: z.number(),
  /** Once finished: messages handed to the gateway per second from the start of sending to its end; null before. */
  averageRatePerSecond: z.number().nullable(),
  /** Recipients, reached, replied, not replied and response rate by their one definition (reply-figures.ts). */
  replies: replyFiguresSchema,
  /** The link of the campaign's gateway while it is not connected (the campaign waits for it); null otherwise. */
  gatewayDown: gatewayLinkSchema.nullable(),
  /** Estimated end of sending (ISO), null when unknown or done. */
  eta: z.string().nullable(),
  /** The latest distinct errors, newest first. */
  recentErrors: z.array(
    z.object({ code: z.string(), text: z.string().nullable(), count: z.number().int(), lastAt: z.string().nullable() }),
  ),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** Longest range GET /api/campaigns/calendar answers (a month view with its leading and trailing weeks fits). */
export const CALENDAR_MAX_DAYS = 62;
/** Most campaigns one calendar range lists. */
export const CALENDAR_MAX_ITEMS = 1000;

/**
 * GET /api/campaigns/calendar?from&to: campaigns (not drafts) with a schedule, launch or completion in [from, to)
 * (ISO instants), for the campaign calendar.
 */
export const campaignCalendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date and time' }),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { error: 'to must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86_400_000, {
    error: `the range must be at most ${CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
export type CampaignCalendarQuery = z.infer<typeof campaignCalendarQuerySchema>;

export const calendarCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  scheduledLocal: z.string().nullable(),
  timeZone: z.string(),
  launchedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type CalendarCampaign = z.infer<typeof calendarCampaignSchema>;
export const campaignCalendarResponseSchema = z.object({
  data: z.array(calendarCampaignSchema),
  truncated: z.boolean(),
  /** The organisation's time zone: the calendar places campaigns on days in it (decision 084). */
  timeZone: z.string(),
});
export type CampaignCalendarResponse = z.infer<typeof campaignCalendarResponseSchema>;
