import type { ApiKey } from '@sms/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

/** POST /api/api-keys/{id}/rotate: a new secret, shown this once; the old one works for the default overlap (24 hours). */
export const rotateApiKey = (id: string): Promise<{ apiKey: ApiKey; secret: string }> =>
  apiPost<{ apiKey: ApiKey; secret: string }>(`/api/api-keys/${encodeURIComponent(id)}/rotate`, {});

/** Rotates a key's secret and refreshes the list. */
export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }) });
}
