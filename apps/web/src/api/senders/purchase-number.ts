import type { PurchaseNumberBody, Sender } from '@sms/contracts/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** POST /api/senders/purchase: buys a number through the provider. */
export const purchaseNumber = async (body: PurchaseNumberBody): Promise<Sender> =>
  (await apiPost<{ sender: Sender }>('/api/senders/purchase', body)).sender;

/** Buys a number; refreshes every view of senders (the shop no longer offers it). */
export function usePurchaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: purchaseNumber, onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersKeys.all }) });
}
