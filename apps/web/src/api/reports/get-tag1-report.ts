import type { Tag1Report } from '@sms/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { LIVE_REPORT_POLL_MS, reportsKeys } from './reports-keys';

/** GET /api/reports/tag1-grouped/{campaignId}: one row per tag1 value with its reply words. */
export const getTag1Report = (id: string, signal?: AbortSignal): Promise<Tag1Report> =>
  apiGet<Tag1Report>(`/api/reports/tag1-grouped/${encodeURIComponent(id)}`, { signal });

export const useTag1Report = (id: string) =>
  useQuery({
    queryKey: reportsKeys.tag1(id),
    queryFn: ({ signal }) => getTag1Report(id, signal),
    refetchInterval: (q) => (q.state.data?.campaign.status === 'sending' ? LIVE_REPORT_POLL_MS : false),
  });
