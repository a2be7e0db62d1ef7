import type { SegmentDefinition } from '@sms/contracts/segments';

/** Query keys of segments; saving one invalidates `segmentsKeys.all`, so every view of them refreshes (contacts' views, the composer's picker). */
export const segmentsKeys = {
  all: ['segments'] as const,
  lists: () => [...segmentsKeys.all, 'list'] as const,
  list: (search: string) => [...segmentsKeys.lists(), search] as const,
  count: (definition: SegmentDefinition) => [...segmentsKeys.all, 'count', definition] as const,
};
