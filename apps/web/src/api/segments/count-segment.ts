import type { SegmentCount, SegmentDefinition } from '@sms/contracts/segments';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { segmentsKeys } from './segments-keys';

/** POST /api/segments/count: the live count of a definition before it is saved. */
export const countSegment = (definition: SegmentDefinition, signal?: AbortSignal): Promise<SegmentCount> =>
  apiPost<SegmentCount>('/api/segments/count', { definition }, { signal });

/** The live count shown in the "Save as segment" dialog. */
export const useSegmentCount = (definition: SegmentDefinition, enabled: boolean) =>
  useQuery({ queryKey: segmentsKeys.count(definition), queryFn: ({ signal }) => countSegment(definition, signal), enabled });
