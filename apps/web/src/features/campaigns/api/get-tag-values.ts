import type { ContactTagField, TagValuesResponse } from '@sms/contracts/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/contacts/tags?field=&search=: stored values of one tag field, for the audience builder. */
export const getTagValues = async (field: ContactTagField, search: string, signal?: AbortSignal): Promise<string[]> =>
  (await apiGet<TagValuesResponse>('/api/contacts/tags', { params: { field, ...(search ? { search } : {}) }, signal })).values;

export const tagValuesQueryOptions = (field: ContactTagField, search: string) =>
  queryOptions({
    queryKey: campaignsKeys.tagValues(field, search),
    queryFn: ({ signal }) => getTagValues(field, search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for an audience tag picker (fetched while it is open). */
export const useTagValues = (field: ContactTagField, search: string, enabled: boolean) =>
  useQuery({ ...tagValuesQueryOptions(field, search), enabled });
