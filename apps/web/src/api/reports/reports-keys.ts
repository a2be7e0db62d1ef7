import type { NonRespondersQuery, RecipientsQuery, ReportCampaignsQuery } from '@sms/contracts/reports';

/** Query keys of the reports feature; invalidating `reportsKeys.all` refreshes every report. */
export const reportsKeys = {
  all: ['reports'] as const,
  campaigns: (query: ReportCampaignsQuery) => [...reportsKeys.all, 'campaigns', query] as const,
  delivery: (id: string) => [...reportsKeys.all, 'delivery', id] as const,
  recipients: (id: string, query: Partial<RecipientsQuery>) => [...reportsKeys.all, 'delivery', id, 'recipients', query] as const,
  tag1: (id: string) => [...reportsKeys.all, 'tag1', id] as const,
  nonResponders: (id: string, query: Partial<NonRespondersQuery>) => [...reportsKeys.all, 'non-responders', id, query] as const,
};

/** How often a report of a campaign that is still sending is refreshed. */
export const LIVE_REPORT_POLL_MS = 5000;
