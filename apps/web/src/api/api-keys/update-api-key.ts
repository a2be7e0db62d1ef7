import type { ApiKey, UpdateApiKeyBody } from '@sms/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

/** PATCH /api/api-keys/{id}: name, rate limit or scopes (from the key's next request). */
export const updateApiKey = ({ id, body }: { id: string; body: UpdateApiKeyBody }): Promise<{ apiKey: ApiKey }> =>
  apiPatch<{ apiKey: ApiKey }>(`/api/api-keys/${encodeURIComponent(id)}`, body);

/** Changes a key and refreshes the list. */
export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }) });
}
