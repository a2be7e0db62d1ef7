import type { ContactTagField, TagValuesResponse } from '@sms/contracts/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/tags?field=&search=: distinct values of one tag field. */
export const getContactTags = async (field: ContactTagField, search: string, signal?: AbortSignal): Promise<string[]> =>
  (await apiGet<TagValuesResponse>('/api/contacts/tags', { params: { field, ...(search ? { search } : {}) }, signal })).values;

export const contactTagsQueryOptions = (field: ContactTagField, search: string) =>
  queryOptions({
    queryKey: contactsKeys.tags(field, search),
    queryFn: ({ signal }) => getContactTags(field, search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for a tag picker (fetched when the picker opens). */
export const useContactTags = (field: ContactTagField, search: string, enabled: boolean) =>
  useQuery({ ...contactTagsQueryOptions(field, search), enabled });
