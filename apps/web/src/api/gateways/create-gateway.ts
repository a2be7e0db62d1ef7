import type { CreateGatewayBody, Gateway } from '@sms/contracts/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { gatewaysKeys } from './gateways-keys';

/** POST /api/gateways (admins; the config is checked against the kind's schema, 400 with field `config.<name>`). */
export const createGateway = async (body: CreateGatewayBody): Promise<Gateway> =>
  (await apiPost<{ gateway: Gateway }>('/api/gateways', body)).gateway;

/** Adds a gateway and refreshes the list (a new default changes the others too). */
export function useCreateGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGateway, onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysKeys.all }) });
}
