import { z } from 'zod';
import { campaignStatusReasonSchema } from './campaign-status-reason.ts';
import { CAMPAIGN_STATUSES, campaignCountsSchema } from './campaigns.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * GET /api/dashboard: the SMS dashboard's figures, computed from counters (never a scan of the
 * messages table), so it answers quickly whatever the number of recipients.
 *
 * Message windows (today, 7 and 30 days) count the messages of the campaigns that STARTED SENDING
 * in the window (launch, or the schedule's time; days in `timeZone`), from the per-campaign
 * counters: a campaign started yesterday and still sending today counts in yesterday's figures. One-off messages (tests, inbox replies,
 * automatic answers, notices) are not campaign messages and are not counted.
 */
export const dashboardQuerySchema = z.object({
  /** Days start at midnight in this zone; default: the organisation's time zone. */
  timeZone: z.string().refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Paris').optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** How many days the opt-out series and the longest message window cover. */
export const DASHBOARD_DAYS = 30;
/** How many active / scheduled campaigns and recent replies the dashboard lists. */
export const DASHBOARD_LIST_SIZE = 8;

const int = z.number().int();

export const dashboardWindowSchema = z.object({
  /** Start of the window (ISO instant: midnight in the time zone). */
  from: z.string(),
  /** Campaigns that started sending in the window. */
  campaigns: int,
  counts: campaignCountsSchema,
  /** delivered / total, percent with one decimal; null when nothing was sent. */
  deliveryRate: z.number().nullable(),
  /** replied / total (recipients who answered), percent with one decimal; null when nothing was sent. */
  responseRate: z.number().nullable(),
});
export type DashboardWindow = z.infer<typeof dashboardWindowSchema>;

export const dashboardCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusReason: campaignStatusReasonSchema.nullable(),
  scheduledAt: z.string().nullable(),
  /** The zone its schedule was set in, where its times are shown (the organisation's unless chosen otherwise). */
  timeZone: z.string(),
  /** When it started sending; null until then (decision 084). */
  launchedAt: z.string().nullable(),
  audienceReady: z.boolean(),
  counts: campaignCountsSchema,
});
export type DashboardCampaign = z.infer<typeof dashboardCampaignSchema>;

export const dashboardReplySchema = z.object({
  id: int,
  body: z.string(),
  fromPhone: z.string(),
  receivedAt: z.string(),
  /** The contact who sent it, when known. */
  contact: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The campaign it answers, when matched to one. */
  campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DashboardReply = z.infer<typeof dashboardReplySchema>;

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  contacts: z.object({ total: int, active: int, optedOut: int }),
  messages: z.object({ today: dashboardWindowSchema, last7Days: dashboardWindowSchema, last30Days: dashboardWindowSchema }),
  optOuts: z.object({
    /** Opt-outs in the last DASHBOARD_DAYS days (today included). */
    total: int,
    /** One point per day, oldest first, DASHBOARD_DAYS points; `date` is YYYY-MM-DD in the time zone. */
    daily: z.array(z.object({ date: z.string(), n: int })),
  }),
  campaigns: z.object({
    /** Sending or paused, newest launch first (at most DASHBOARD_LIST_SIZE); `activeTotal` counts all. */
    active: z.array(dashboardCampaignSchema),
    activeTotal: int,
    /** Scheduled, soonest first (at most DASHBOARD_LIST_SIZE); `scheduledTotal` counts all. */
    scheduled: z.array(dashboardCampaignSchema),
    scheduledTotal: int,
  }),
  /** Getting-started steps already done (the dashboard shows the checklist until all are). */
  setup: z.object({
    /** More than one account exists. */
    users: z.boolean(),
    /** An application name or a primary colour was chosen. */
    brand: z.boolean(),
    contacts: z.boolean(),
    /** A campaign was launched or scheduled at least once. */
    campaigns: z.boolean(),
  }),
  /** False for roles that may not read the inbox: recentReplies is then empty. */
  repliesVisible: z.boolean(),
  /** The latest inbound messages, matched to a campaign or not, newest first. */
  recentReplies: z.array(dashboardReplySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A percentage with one decimal, null when the denominator is 0. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
