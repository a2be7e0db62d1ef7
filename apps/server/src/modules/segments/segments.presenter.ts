import type { Segment, SegmentDefinition } from '@sms/contracts/segments';
import type { SegmentWithCreator } from './segments.queries.ts';

/** Maps a segment row (with its creator's name) to the API's Segment. */
export function presentSegment({ segment, creatorName }: SegmentWithCreator): Segment {
  return {
    id: segment.id,
    name: segment.name,
    definition: segment.definition as SegmentDefinition,
    createdBy: segment.createdBy ? { id: segment.createdBy, name: creatorName ?? 'Deleted user' } : null,
    createdAt: segment.createdAt.toISOString(),
    updatedAt: segment.updatedAt.toISOString(),
  };
}
