import type { ConversationList } from '@sms/contracts/inbox';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** POST /api/inbox/conversations/{contactId}/read. */
export const markConversationRead = (contactId: string) => apiPost(`/api/inbox/conversations/${encodeURIComponent(contactId)}/read`);

/** Marks a conversation read and clears its badge in every cached list at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_answer, contactId) => {
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
    },
  });
}
