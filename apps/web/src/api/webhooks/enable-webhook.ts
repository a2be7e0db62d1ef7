import type { Webhook } from '@sms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** POST /api/webhooks/{id}/enable: on again after a day of failures; the halted deliveries are sent again. */
export const enableWebhook = (id: string): Promise<{ webhook: Webhook }> =>
  apiPost<{ webhook: Webhook }>(`/api/webhooks/${encodeURIComponent(id)}/enable`);

/** Turns an endpoint on again and refreshes the list (and its delivery log). */
export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}
