import type { OutboundMessage } from '@sms/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** POST /api/inbox/conversations/{contactId}/reply: the queued message (202). */
export const sendReply = async ({
  contactId,
  body,
  templateId,
}: {
  contactId: string;
  body: string;
  templateId?: string;
}): Promise<OutboundMessage> =>
  (
    await apiPost<{ message: OutboundMessage }>(`/api/inbox/conversations/${encodeURIComponent(contactId)}/reply`, {
      body,
      ...(templateId ? { templateId } : {}),
    })
  ).message;

/** Sends a reply, then refreshes the thread and the conversation list. */
export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: async (_message, { contactId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.thread(contactId) }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() }),
      ]);
    },
  });
}
