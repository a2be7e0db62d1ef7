import type { AvailableNumbers, AvailableNumbersQuery } from '@sms/contracts/senders';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** GET /api/senders/available: the numbers the provider offers, with the monthly price. */
export const searchNumbers = (query: AvailableNumbersQuery, signal?: AbortSignal): Promise<AvailableNumbers> =>
  apiGet<AvailableNumbers>(`/api/senders/available?${new URLSearchParams(Object.entries(query).filter(([, v]) => v))}`, { signal });

/** The shop's search (runs once a query is given). */
export const useNumberSearch = (query: AvailableNumbersQuery | null) =>
  useQuery({
    queryKey: sendersKeys.available(query ?? {}),
    queryFn: ({ signal }) => searchNumbers(query as AvailableNumbersQuery, signal),
    enabled: query !== null,
    retry: false,
  });
