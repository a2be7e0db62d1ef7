import type { ContactTagField, ListContactsQuery } from '@sms/contracts/contacts';
import type { SegmentDefinition } from '@sms/contracts/segments';

/** Query keys of the contacts feature; invalidating `contactsKeys.all` refreshes lists, details and tag values. */
export const contactsKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactsKeys.all, 'list'] as const,
  list: (query: ListContactsQuery) => [...contactsKeys.lists(), query] as const,
  detail: (id: string) => [...contactsKeys.all, 'detail', id] as const,
  tags: (field: ContactTagField, search: string) => [...contactsKeys.all, 'tags', field, search] as const,
  segments: () => [...contactsKeys.all, 'segments'] as const,
  segmentCount: (definition: SegmentDefinition) => [...contactsKeys.segments(), 'count', definition] as const,
};
