import type { CreateSegmentBody, Segment } from '@sms/contracts/segments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { segmentsKeys } from './segments-keys';

/** POST /api/segments: saves a filter (the contacts list's, the audience builder's) as a segment. */
export const createSegment = async (body: CreateSegmentBody): Promise<Segment> =>
  (await apiPost<{ segment: Segment }>('/api/segments', body)).segment;

/** Saves a segment and refreshes every segment list. */
export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSegment, onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentsKeys.all }) });
}
