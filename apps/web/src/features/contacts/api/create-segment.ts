import type { CreateSegmentBody, Segment } from '@sms/contracts/segments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** POST /api/segments: saves the contacts list's filter as a segment. */
export const createSegment = async (body: CreateSegmentBody): Promise<Segment> =>
  (await apiPost<{ segment: Segment }>('/api/segments', body)).segment;

/** Saves a segment and refreshes the views. */
export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSegment, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKeys.segments() }) });
}
