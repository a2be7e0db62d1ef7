import type { ApiKey } from '@sms/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { apiKeysKeys } from './api-keys-keys';

/** GET /api/api-keys (admins): every key, never a secret. */
export const getApiKeys = async (signal?: AbortSignal): Promise<ApiKey[]> =>
  (await apiGet<{ data: ApiKey[] }>('/api/api-keys', { signal })).data;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysKeys.list(), queryFn: ({ signal }) => getApiKeys(signal) });

/** The integration API keys for the Developers tab. */
export const useApiKeys = () => useQuery(apiKeysQueryOptions());
