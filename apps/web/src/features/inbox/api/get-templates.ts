import type { TemplateList } from '@sms/contracts/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** GET /api/templates: the quick replies, most used first. */
export const getQuickReplies = (search: string, signal?: AbortSignal): Promise<TemplateList> =>
  apiGet<TemplateList>('/api/templates', { params: { limit: 50, sort: 'useCount', order: 'desc', ...(search ? { search } : {}) }, signal });

export const quickRepliesQueryOptions = (search: string) =>
  queryOptions({ queryKey: inboxKeys.templates(search), queryFn: ({ signal }) => getQuickReplies(search, signal), staleTime: 30_000 });

/** Templates offered as quick replies (fetched while the menu is open). */
export const useQuickReplies = (search: string, enabled: boolean) => useQuery({ ...quickRepliesQueryOptions(search), enabled });
