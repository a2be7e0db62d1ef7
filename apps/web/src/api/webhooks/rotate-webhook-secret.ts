import type { Webhook } from '@sms/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** POST /api/webhooks/{id}/rotate-secret: a new signing secret, shown this once; both sign for the default overlap (24 hours). */
export const rotateWebhookSecret = (id: string): Promise<{ webhook: Webhook; secret: string }> =>
  apiPost<{ webhook: Webhook; secret: string }>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {});

/** Rotates an endpoint's signing secret and refreshes the list. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }) });
}
