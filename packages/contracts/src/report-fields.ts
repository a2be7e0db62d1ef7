// Without zod, so the report pages need not load it (decision 064); reports.ts re-exports these.

/** The tag1 value of contacts without one, in filters and group keys; shown as '(none)'. */
export const NO_TAG1 = '';

/** Reply words shown per tag1 group before the rest are summed into `other`. */
export const REPLY_WORDS_PER_GROUP = 5;

/** Export formats of every report. */
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** What the reports list sorts by (GET /api/reports/campaigns). */
export const REPORT_CAMPAIGN_SORTS = ['name', 'launchedAt', 'recipients', 'deliveredPct', 'repliedPct', 'failed', 'optedOut'] as const;

/** The delivery chart's bucket, picked from the campaign's span (decision 085): seconds for a short send. */
export const TIMELINE_BUCKETS = ['second', 'minute', 'hour', 'day'] as const;
export type TimelineBucket = (typeof TIMELINE_BUCKETS)[number];
/** Length of a timeline bucket: UTC seconds, minutes, hours and days (the server's roll-up, the chart's gaps and ticks). */
export const TIMELINE_BUCKET_MS: Record<TimelineBucket, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** What the per-recipient table sorts by (GET /api/reports/delivery/{campaignId}/recipients). */
export const RECIPIENT_SORTS = ['name', 'phone', 'tag1', 'status', 'sentAt', 'deliveredAt', 'repliedAt'] as const;
