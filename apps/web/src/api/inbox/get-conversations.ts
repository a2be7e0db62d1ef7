import type { ConversationList, ListConversationsQuery } from '@sms/contracts/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { inboxKeys } from './inbox-keys';

export const CONVERSATIONS_PAGE = 30;

export type ConversationFilters = Pick<ListConversationsQuery, 'search' | 'campaignId'> & { unread?: boolean; optedOut?: boolean };

/** GET /api/inbox/conversations (one page). */
export async function getConversations(filters: ConversationFilters, skip: number, signal?: AbortSignal): Promise<ConversationList> {
  const params = new URLSearchParams({ limit: String(CONVERSATIONS_PAGE), skip: String(skip) });
  if (filters.search) params.set('search', filters.search);
  if (filters.unread !== undefined) params.set('unread', String(filters.unread));
  if (filters.optedOut !== undefined) params.set('optedOut', String(filters.optedOut));
  if (filters.campaignId) params.set('campaignId', filters.campaignId);
  return apiGet<ConversationList>(`/api/inbox/conversations?${params.toString()}`, { signal });
}

/** Conversations, page after page ("load more"); refreshed by live events, else every 30 s. */
export function useConversations(filters: ConversationFilters, live: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.conversationList(filters),
    queryFn: ({ pageParam, signal }) => getConversations(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    refetchInterval: live ? false : 30_000,
  });
}
