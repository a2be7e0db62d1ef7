import type { Gateway } from '@sms/contracts/gateways';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/gateways: the gateways a campaign may use (at most 100; installations have a handful). */
export const getGatewayOptions = async (signal?: AbortSignal): Promise<Gateway[]> =>
  (await apiGet<{ data: Gateway[]; total: number }>('/api/gateways', { params: { limit: 100 }, signal })).data;

export const gatewayOptionsQueryOptions = () =>
  queryOptions({ queryKey: campaignsKeys.gatewayOptions(), queryFn: ({ signal }) => getGatewayOptions(signal) });

/** The gateways for the composer's gateway select. */
export const useGatewayOptions = () => useQuery(gatewayOptionsQueryOptions());
