import type { UpdateWebhookBody, Webhook } from '@sms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** PATCH /api/webhooks/{id}: address, events, description, on or off. */
export const updateWebhook = ({ id, body }: { id: string; body: UpdateWebhookBody }): Promise<{ webhook: Webhook }> =>
  apiPatch<{ webhook: Webhook }>(`/api/webhooks/${encodeURIComponent(id)}`, body);

/** Changes an endpoint and refreshes the list. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}
