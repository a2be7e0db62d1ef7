import type { ContactTagField, ListContactsQuery } from '@sms/contracts/contacts';
import type { ListTrashQuery } from '@sms/contracts/contacts-trash';

/** Query keys of contacts; invalidating `contactsKeys.all` refreshes lists (the contacts grid, the pickers), details and tag values. */
export const contactsKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactsKeys.all, 'list'] as const,
  list: (query: Partial<ListContactsQuery>) => [...contactsKeys.lists(), query] as const,
  detail: (id: string) => [...contactsKeys.all, 'detail', id] as const,
  tags: (field: ContactTagField, search: string) => [...contactsKeys.all, 'tags', field, search] as const,
  trash: (query: ListTrashQuery) => [...contactsKeys.all, 'trash', query] as const,
};
