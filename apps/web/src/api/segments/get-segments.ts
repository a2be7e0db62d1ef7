import type { SegmentList } from '@sms/contracts/segments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { segmentsKeys } from './segments-keys';

/** GET /api/segments: saved segments by name (the contacts list's views, the composer's audience picker). */
export const getSegments = (search: string, signal?: AbortSignal): Promise<SegmentList> =>
  apiGet<SegmentList>('/api/segments', { params: { limit: 100, ...(search ? { search } : {}) }, signal });

export const segmentsQueryOptions = (search: string) =>
  queryOptions({ queryKey: segmentsKeys.list(search), queryFn: ({ signal }) => getSegments(search, signal), staleTime: 10_000 });

/** Saved segments matching `search` (all of the first 100 when empty). */
export const useSegments = (search = '', enabled = true) => useQuery({ ...segmentsQueryOptions(search), enabled });
