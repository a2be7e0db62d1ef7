import type { SegmentList } from '@sms/contracts/segments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/segments: the saved segments, offered as views of the contacts list. */
export const getSegments = (signal?: AbortSignal): Promise<SegmentList> =>
  apiGet<SegmentList>('/api/segments', { params: { limit: 100 }, signal });

export const segmentsQueryOptions = () =>
  queryOptions({ queryKey: contactsKeys.segments(), queryFn: ({ signal }) => getSegments(signal), staleTime: 10_000 });

/** Saved segments for the contacts list's view picker. */
export const useSegments = () => useQuery(segmentsQueryOptions());
