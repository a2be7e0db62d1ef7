import type { RecipientsQuery, ReportRecipient } from '@sms/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { LIVE_REPORT_POLL_MS, reportsKeys } from './reports-keys';

export interface ReportRecipients {
  data: ReportRecipient[];
  total: number;
}

/** The query as sent: `order` has a default on the server, the rest is optional. */
export type RecipientsParams = Partial<RecipientsQuery> & Pick<RecipientsQuery, 'limit' | 'skip'>;

/** GET /api/reports/delivery/{campaignId}/recipients (status repeated as `status=a&status=b`). */
export const getRecipients = (id: string, query: RecipientsParams, signal?: AbortSignal): Promise<ReportRecipients> =>
  apiGet<ReportRecipients>(`/api/reports/delivery/${encodeURIComponent(id)}/recipients`, {
    params: query,
    paramsSerializer: { indexes: null },
    signal,
  });

/** One page of a campaign's recipients: the delivery table and the tag1 drill-down; refreshed while `live` (the campaign sends). */
export const useRecipients = (
  id: string,
  query: RecipientsParams,
  { enabled = true, live = false }: { enabled?: boolean; live?: boolean } = {},
) =>
  useQuery({
    queryKey: reportsKeys.recipients(id, query),
    queryFn: ({ signal }) => getRecipients(id, query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: live ? LIVE_REPORT_POLL_MS : false,
  });
