import type { CreateSegmentBody, Segment } from '@sms/contracts/segments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** POST /api/segments: saves the audience builder's filter as a segment. */
export const createSegment = async (body: CreateSegmentBody): Promise<Segment> =>
  (await apiPost<{ segment: Segment }>('/api/segments', body)).segment;

/** Saves a segment and refreshes the segment lists. */
export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.segments() }),
  });
}
