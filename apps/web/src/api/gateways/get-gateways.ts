import type { Gateway } from '@sms/contracts/gateways';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { gatewaysKeys } from './gateways-keys';

/** GET /api/gateways: every gateway (installations have a handful; the first 100 are shown). */
export const getGateways = (signal?: AbortSignal): Promise<{ data: Gateway[]; total: number }> =>
  apiGet<{ data: Gateway[]; total: number }>('/api/gateways', { params: { limit: 100 }, signal });

/** How often the Gateways tab refreshes, so a link that drops or comes back shows by itself. */
export const GATEWAYS_POLL_MS = 5_000;

export const gatewaysQueryOptions = () => queryOptions({ queryKey: gatewaysKeys.list(), queryFn: ({ signal }) => getGateways(signal) });

/** The gateways for the Gateways tab, with their links kept current. */
export const useGateways = () => useQuery({ ...gatewaysQueryOptions(), refetchInterval: GATEWAYS_POLL_MS });

/** The gateways a campaign may use, for the composer's gateway select (no polling there). */
export const gatewayOptionsQueryOptions = () =>
  queryOptions({ queryKey: gatewaysKeys.options(), queryFn: async ({ signal }) => (await getGateways(signal)).data });

export const useGatewayOptions = () => useQuery(gatewayOptionsQueryOptions());
