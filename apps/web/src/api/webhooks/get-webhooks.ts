import type { Webhook } from '@sms/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** GET /api/webhooks (admins): every endpoint, never a secret. */
export const getWebhooks = async (signal?: AbortSignal): Promise<Webhook[]> =>
  (await apiGet<{ data: Webhook[] }>('/api/webhooks', { signal })).data;

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksKeys.list(), queryFn: ({ signal }) => getWebhooks(signal) });

/** The webhook endpoints for the Developers tab. */
export const useWebhooks = () => useQuery(webhooksQueryOptions());
