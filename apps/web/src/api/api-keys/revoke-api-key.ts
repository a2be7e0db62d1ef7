import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

/** DELETE /api/api-keys/{id}: revokes the key at once. */
export const revokeApiKey = (id: string): Promise<void> => apiDelete(`/api/api-keys/${encodeURIComponent(id)}`);

/** Revokes a key and refreshes the list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }) });
}
