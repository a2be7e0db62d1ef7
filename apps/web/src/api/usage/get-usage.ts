import type { UsageQuery, UsageResponse } from '@sms/contracts/usage';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { usageKeys } from './usage-keys';

/** GET /api/usage: figures per period, spend breakdowns, this month's forecast and the budgets. */
export const getUsage = (query: UsageQuery, signal?: AbortSignal) => apiGet<UsageResponse>('/api/usage', { params: query, signal });

/** Usage and spend of a period (refreshed every half minute: the month's spend moves while campaigns send). */
export const useUsage = (query: UsageQuery) =>
  useQuery({
    queryKey: usageKeys.report(query),
    queryFn: ({ signal }) => getUsage(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
