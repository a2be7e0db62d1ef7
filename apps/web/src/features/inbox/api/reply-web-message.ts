import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { webMessagesKey } from './get-web-messages';

/** POST /api/inbox/web-messages/{id}/reply: answered by SMS to the number the visitor gave. */
export const replyWebMessage = ({ id, body }: { id: string; body: string }) =>
  apiPost<Record<string, never>>(`/api/inbox/web-messages/${encodeURIComponent(id)}/reply`, { body });

export function useReplyWebMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyWebMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: webMessagesKey }) });
}
