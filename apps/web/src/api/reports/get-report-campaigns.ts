import type { ReportCampaignRow, ReportCampaignsQuery } from '@sms/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { LIVE_REPORT_POLL_MS, reportsKeys } from './reports-keys';

export interface ReportCampaigns {
  data: ReportCampaignRow[];
  total: number;
}

/** GET /api/reports/campaigns: one page of launched campaigns with their headline figures. */
export const getReportCampaigns = (query: ReportCampaignsQuery, signal?: AbortSignal): Promise<ReportCampaigns> =>
  apiGet<ReportCampaigns>('/api/reports/campaigns', { params: query, signal });

/** The /reports grid; refreshed while a campaign on the page is still sending. */
export const useReportCampaigns = (query: ReportCampaignsQuery) =>
  useQuery({
    queryKey: reportsKeys.campaigns(query),
    queryFn: ({ signal }) => getReportCampaigns(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((row) => row.status === 'sending') ? LIVE_REPORT_POLL_MS : false),
  });
