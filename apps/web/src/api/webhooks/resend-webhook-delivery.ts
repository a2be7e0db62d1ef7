import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same event again. */
export const resendWebhookDelivery = (input: { webhookId: string; deliveryId: string }): Promise<void> =>
  apiPost(`/api/webhooks/${encodeURIComponent(input.webhookId)}/deliveries/${encodeURIComponent(input.deliveryId)}/resend`);

/** Resends a delivery and refreshes its log. */
export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(input.webhookId) }),
  });
}
