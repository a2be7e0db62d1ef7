import type { ConversationList } from '@sms/contracts/inbox';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** POST /api/inbox/conversations/{contactId}/read. */
export const markConversationRead = (contactId: string) => apiPost(`/api/inbox/conversations/${encodeURIComponent(contactId)}/read`);

/**
 * After the server marked a conversation read: clears its badge in every cached list, then
 * refetches the lists. A list load still on its way may have been read before the mark (opening a
 * conversation from a link loads the list and marks it read together) and would bring the badge
 * back for good, so loads in flight are cancelled first.
 */
export async function conversationMarkedRead(queryClient: QueryClient, contactId: string): Promise<void> {
  await queryClient.cancelQueries({ queryKey: inboxKeys.conversations() });
  queryClient.setQueriesData<InfiniteData<ConversationList>>({ queryKey: inboxKeys.conversations() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const had = page.data.some((c) => c.contactId === contactId && c.unread > 0);
            return {
              ...page,
              unreadConversations: Math.max(0, page.unreadConversations - (had ? 1 : 0)),
              data: page.data.map((c) => (c.contactId === contactId ? { ...c, unread: 0 } : c)),
            };
          }),
        }
      : data,
  );
  await queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() });
}

/** Marks a conversation read and clears its badge in every cached list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_answer, contactId) => conversationMarkedRead(queryClient, contactId),
  });
}
