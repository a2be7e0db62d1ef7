import type { WebhookDelivery } from '@sms/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

/** GET /api/webhooks/{id}/deliveries: the latest deliveries of an endpoint. */
export const getWebhookDeliveries = async (id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> =>
  (await apiGet<{ data: WebhookDelivery[] }>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, { params: { limit: 50 }, signal })).data;

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhooksKeys.deliveries(id), queryFn: ({ signal }) => getWebhookDeliveries(id, signal) });

/** An endpoint's delivery log, refreshed while open. */
export const useWebhookDeliveries = (id: string) => useQuery({ ...webhookDeliveriesQueryOptions(id), refetchInterval: 5_000 });
