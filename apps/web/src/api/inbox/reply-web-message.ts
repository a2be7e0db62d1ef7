import type { WebReplyBody } from '@sms/contracts/public-site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { webMessagesKey } from './get-web-messages';

/** POST /api/inbox/web-messages/{id}/reply: by SMS to the number the visitor gave, or by e-mail to the address (SMTP configured). */
export const replyWebMessage = ({ id, ...body }: { id: string } & WebReplyBody) =>
  apiPost<Record<string, never>>(`/api/inbox/web-messages/${encodeURIComponent(id)}/reply`, body);

export function useReplyWebMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyWebMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: webMessagesKey }) });
}
