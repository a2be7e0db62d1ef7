import type { CreateSenderBody, Sender, UpdateSenderBody } from '@sms/contracts/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../lib/api-client';
import { sendersKeys } from './senders-keys';

/** POST /api/senders (no id) or PUT /api/senders/{id}. */
export const saveSender = async ({ id, body }: { id?: string; body: CreateSenderBody | UpdateSenderBody }): Promise<Sender> =>
  (id
    ? await apiPut<{ sender: Sender }>(`/api/senders/${encodeURIComponent(id)}`, body)
    : await apiPost<{ sender: Sender }>('/api/senders', body)
  ).sender;

/** Registers or changes a sender; refreshes every view of senders. */
export function useSaveSender() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSender, onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersKeys.all }) });
}
