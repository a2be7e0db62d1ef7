import type { ListTemplatesQuery, TemplateList } from '@sms/contracts/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/templates: one page of message templates matching the search. */
export const getTemplates = (query: ListTemplatesQuery, signal?: AbortSignal): Promise<TemplateList> =>
  apiGet<TemplateList>('/api/templates', { params: query, signal });

export const templatesQueryOptions = (query: ListTemplatesQuery) =>
  queryOptions({
    queryKey: campaignsKeys.templateList(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of templates (the templates screen, the composer's picker). */
export const useTemplates = (query: ListTemplatesQuery, enabled = true) => useQuery({ ...templatesQueryOptions(query), enabled });
