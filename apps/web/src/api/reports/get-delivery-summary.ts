import type { DeliverySummary } from '@sms/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { LIVE_REPORT_POLL_MS, reportsKeys } from './reports-keys';

/** GET /api/reports/delivery/{campaignId}: counts by status, timeline and top errors. */
export const getDeliverySummary = (id: string, signal?: AbortSignal): Promise<DeliverySummary> =>
  apiGet<DeliverySummary>(`/api/reports/delivery/${encodeURIComponent(id)}`, { signal });

/** The delivery summary (also the header of the other reports); refreshed while the campaign sends. */
export const useDeliverySummary = (id: string) =>
  useQuery({
    queryKey: reportsKeys.delivery(id),
    queryFn: ({ signal }) => getDeliverySummary(id, signal),
    refetchInterval: (q) => (q.state.data?.campaign.status === 'sending' ? LIVE_REPORT_POLL_MS : false),
  });
