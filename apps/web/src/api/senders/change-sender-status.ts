import type { Sender, SenderStatusBody } from '@sms/contracts/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** POST /api/senders/{id}/status. */
export const changeSenderStatus = async ({ id, body }: { id: string; body: SenderStatusBody }): Promise<Sender> =>
  (await apiPost<{ sender: Sender }>(`/api/senders/${encodeURIComponent(id)}/status`, body)).sender;

/** Moves a registration; refreshes every view of senders. */
export function useChangeSenderStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSenderStatus, onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersKeys.all }) });
}
