import type { CreateWebhookBody, Webhook } from '@sms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** POST /api/webhooks: the answer holds the signing secret, the only time it is shown. */
export const createWebhook = (body: CreateWebhookBody): Promise<{ webhook: Webhook; secret: string }> =>
  apiPost<{ webhook: Webhook; secret: string }>('/api/webhooks', body);

/** Registers an endpoint and refreshes the list. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}
