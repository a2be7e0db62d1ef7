import { z } from 'zod';
import { EXPORT_FORMATS } from './contacts.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

/**
 * Followers (/apps/followers): the people who subscribed on the public site. One follower row is
 * one confirmed subscription to one topic (a subscription with no topic is one row with topic
 * null); it ends when the contact opts out (or is put in the trash). Every figure (the list, the
 * totals, the growth chart, the export) is read from the same rows (modules/followers).
 */
export const FOLLOWER_STATUSES = ['subscribed', 'unsubscribed'] as const;
export type FollowerStatus = (typeof FOLLOWER_STATUSES)[number];

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} must be a real date`);

const filterShape = {
  topic: z
    .string({ error: 'topic must be text' })
    .trim()
    .min(1, 'topic must not be empty')
    .max(80, 'topic must be at most 80 characters')
    .optional(),
  status: z.enum(FOLLOWER_STATUSES, { error: 'status must be subscribed or unsubscribed' }).optional(),
  from: day('from').optional(),
  to: day('to').optional(),
};
const range = {
  check: (filter: { from?: string | undefined; to?: string | undefined }) => !filter.from || !filter.to || filter.from <= filter.to,
  issue: { message: 'to must not be before from', path: ['to'] },
};

/** The filter every followers answer takes: topic (its title), status, and the subscription's day range (UTC). */
export const followerFilterSchema = z.object(filterShape).refine(range.check, range.issue);
export type FollowerFilter = z.infer<typeof followerFilterSchema>;

/** GET /api/followers */
export const listFollowersQuerySchema = z.object({ ...filterShape, ...pageQuerySchema.shape }).refine(range.check, range.issue);
/** GET /api/followers/export */
export const exportFollowersQuerySchema = z
  .object({
    ...filterShape,
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('csv'),
  })
  .refine(range.check, range.issue);

/** The consent record a subscription was confirmed with: what the person agreed to, when, and how. */
export const followerConsentSchema = z.object({
  at: z.string(),
  /** web_form: the code typed on the site; sms_reply: the opt-in keyword sent back to the code's text message. */
  source: z.string(),
  text: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const followerSchema = z.object({
  /** The subscription's consent record id and the topic's place in it: unique per row. */
  id: z.string(),
  contactId: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  topic: z.string().nullable(),
  status: z.enum(FOLLOWER_STATUSES),
  subscribedAt: z.string(),
  unsubscribedAt: z.string().nullable(),
  consent: followerConsentSchema,
});
export type Follower = z.infer<typeof followerSchema>;
export const followerListResponseSchema = listResponseSchema(followerSchema);

/** One topic's (or all topics') figures for the filter. */
export const followerTotalsSchema = z.object({
  topic: z.string().nullable(),
  subscriptions: z.number().int(),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type FollowerTotals = z.infer<typeof followerTotalsSchema>;

/** One day of one topic: subscriptions confirmed and ended that day (UTC). */
export const followerDaySchema = z.object({
  day: z.string(),
  topic: z.string().nullable(),
  subscribes: z.number().int(),
  unsubscribes: z.number().int(),
});
export type FollowerDay = z.infer<typeof followerDaySchema>;

/** GET /api/followers/stats: totals overall and per topic, and the growth chart's days. */
export const followerStatsResponseSchema = z.object({
  overall: followerTotalsSchema,
  topics: z.array(followerTotalsSchema),
  days: z.array(followerDaySchema),
});
export type FollowerStats = z.infer<typeof followerStatsResponseSchema>;

/** Columns of the followers export, in order. */
export const FOLLOWER_EXPORT_COLUMNS = [
  'phone',
  'name',
  'topic',
  'status',
  'subscribed_at',
  'unsubscribed_at',
  'consent_source',
  'consent_text',
  'consent_ip',
  'consent_user_agent',
] as const;
