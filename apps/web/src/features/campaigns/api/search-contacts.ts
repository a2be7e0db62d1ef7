import type { ContactList } from '@sms/contracts/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** Contacts offered at once in the explicit-list picker. */
export const CONTACT_PICKER_LIMIT = 20;

/** GET /api/contacts?search=: active contacts by phone, name or email, for the explicit-list picker. */
export const searchContacts = (search: string, signal?: AbortSignal): Promise<ContactList> =>
  apiGet<ContactList>('/api/contacts', {
    params: { limit: CONTACT_PICKER_LIMIT, status: 'active', sort: 'firstName', order: 'asc', ...(search ? { search } : {}) },
    signal,
  });

export const contactSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: campaignsKeys.contactSearch(search),
    queryFn: ({ signal }) => searchContacts(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Contacts matching what is typed in the picker (fetched while it is open). */
export const useContactSearch = (search: string, enabled: boolean) => useQuery({ ...contactSearchQueryOptions(search), enabled });
