import type { ContactList, ListContactsQuery } from '@sms/contracts/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts: one page of contacts (limit/skip) matching the search, filters and sort. */
export const getContacts = (query: ListContactsQuery, signal?: AbortSignal): Promise<ContactList> =>
  apiGet<ContactList>('/api/contacts', { params: query, signal });

/** The previous page stays on screen while the next one loads (no empty flash while paging). */
export const contactsQueryOptions = (query: ListContactsQuery) =>
  queryOptions({
    queryKey: contactsKeys.list(query),
    queryFn: ({ signal }) => getContacts(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of contacts for the contacts grid. */
export const useContacts = (query: ListContactsQuery) => useQuery(contactsQueryOptions(query));
