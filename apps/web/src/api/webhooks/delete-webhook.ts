import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** DELETE /api/webhooks/{id}: removes the endpoint and its delivery log. */
export const deleteWebhook = (id: string): Promise<void> => apiDelete(`/api/webhooks/${encodeURIComponent(id)}`);

/** Removes an endpoint and refreshes the list. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}
