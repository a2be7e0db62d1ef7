import type { SearchResponse } from '@sms/contracts/search';
import { SEARCH_MIN_LENGTH } from '@sms/contracts/search-limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** GET /api/search?q=: grouped hits the user may read. */
export const search = (term: string, signal?: AbortSignal) =>
  apiGet<SearchResponse>(`/api/search?q=${encodeURIComponent(term)}`, { signal });

/** The search for a (debounced) term; nothing is asked below the minimum length. */
export function useSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['search', trimmed],
    queryFn: ({ signal }) => search(trimmed, signal),
    enabled: trimmed.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
