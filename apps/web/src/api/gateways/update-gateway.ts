import type { Gateway, UpdateGatewayBody } from '@sms/contracts/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { gatewaysKeys } from './gateways-keys';

/** PUT /api/gateways/{id}: any subset; an empty secret keeps the stored one. */
export const updateGateway = async ({ id, body }: { id: string; body: UpdateGatewayBody }): Promise<Gateway> =>
  (await apiPut<{ gateway: Gateway }>(`/api/gateways/${encodeURIComponent(id)}`, body)).gateway;

/** Saves a gateway (also: enable, disable, make default) and refreshes the list. */
export function useUpdateGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGateway, onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysKeys.all }) });
}
