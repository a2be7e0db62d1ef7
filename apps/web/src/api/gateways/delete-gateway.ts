import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { gatewaysKeys } from './gateways-keys';

/** DELETE /api/gateways/{id} (409 GATEWAY_IN_USE or GATEWAY_DEFAULT when it cannot go). */
export const deleteGateway = (id: string): Promise<void> => apiDelete(`/api/gateways/${encodeURIComponent(id)}`);

/** Deletes a gateway and refreshes the list. */
export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGateway, onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysKeys.all }) });
}
