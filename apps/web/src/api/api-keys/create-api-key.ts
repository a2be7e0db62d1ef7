import type { ApiKey, CreateApiKeyBody } from '@sms/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

/** POST /api/api-keys: the answer holds the secret, the only time it is ever shown. */
export const createApiKey = (body: CreateApiKeyBody): Promise<{ apiKey: ApiKey; secret: string }> =>
  apiPost<{ apiKey: ApiKey; secret: string }>('/api/api-keys', body);

/** Creates a key and refreshes the list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }) });
}
