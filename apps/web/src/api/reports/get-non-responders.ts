import type { NonRespondersQuery, NonRespondersResponse } from '@sms/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { LIVE_REPORT_POLL_MS, reportsKeys } from './reports-keys';

export type NonRespondersParams = Partial<NonRespondersQuery> & Pick<NonRespondersQuery, 'limit' | 'skip'>;

/** GET /api/reports/non-responders/{campaignId} (tag1 repeated as `tag1=a&tag1=b`). */
export const getNonResponders = (id: string, query: NonRespondersParams, signal?: AbortSignal): Promise<NonRespondersResponse> =>
  apiGet<NonRespondersResponse>(`/api/reports/non-responders/${encodeURIComponent(id)}`, {
    params: query,
    paramsSerializer: { indexes: null },
    signal,
  });

/** One page of non-responders; refreshed while `live` (the campaign sends, replies come in). */
export const useNonResponders = (id: string, query: NonRespondersParams, live = false) =>
  useQuery({
    queryKey: reportsKeys.nonResponders(id, query),
    queryFn: ({ signal }) => getNonResponders(id, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REPORT_POLL_MS : false,
  });
