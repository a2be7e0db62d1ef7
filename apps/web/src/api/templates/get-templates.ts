import type { ListTemplatesQuery, TemplateList } from '@sms/contracts/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { templatesKeys } from './templates-keys';

/** GET /api/templates: one page of message templates matching the search. */
export const getTemplates = (query: Partial<ListTemplatesQuery>, signal?: AbortSignal): Promise<TemplateList> =>
  apiGet<TemplateList>('/api/templates', { params: query, signal });

export const templatesQueryOptions = (query: ListTemplatesQuery) =>
  queryOptions({
    queryKey: templatesKeys.list(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of templates (the templates screen, the composer's picker). */
export const useTemplates = (query: ListTemplatesQuery, enabled = true) => useQuery({ ...templatesQueryOptions(query), enabled });

/** The inbox's quick replies: templates matching `search`, most used first. */
const quickRepliesQuery = (search: string): Partial<ListTemplatesQuery> => ({
  limit: 50,
  sort: 'useCount',
  order: 'desc',
  ...(search ? { search } : {}),
});

export const quickRepliesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: templatesKeys.list(quickRepliesQuery(search)),
    queryFn: ({ signal }) => getTemplates(quickRepliesQuery(search), signal),
    staleTime: 30_000,
  });

/** Templates offered as quick replies (fetched while the menu is open). */
export const useQuickReplies = (search: string, enabled: boolean) => useQuery({ ...quickRepliesQueryOptions(search), enabled });
