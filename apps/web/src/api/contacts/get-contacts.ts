import type { ContactList, ListContactsQuery } from '@sms/contracts/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts: one page of contacts (limit/skip) matching the search, filters and sort. */
export const getContacts = (query: Partial<ListContactsQuery>, signal?: AbortSignal): Promise<ContactList> =>
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

/** Contacts offered at once in the explicit-list picker. */
export const CONTACT_PICKER_LIMIT = 20;

/** Active contacts by phone, name or email, first names A to Z (the pickers' query). */
const contactSearchQuery = (search: string): Partial<ListContactsQuery> => ({
  limit: CONTACT_PICKER_LIMIT,
  status: 'active',
  sort: 'firstName',
  order: 'asc',
  ...(search ? { search } : {}),
});

export const contactSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: contactsKeys.list(contactSearchQuery(search)),
    queryFn: ({ signal }) => getContacts(contactSearchQuery(search), signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Contacts matching what is typed in a picker (the composer's explicit list, the test send; fetched while it is open). */
export const useContactSearch = (search: string, enabled: boolean) => useQuery({ ...contactSearchQueryOptions(search), enabled });
