import type { TestSendBody } from '@sms/contracts/campaigns';
import type { OutboundMessage } from '@sms/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { messagesKeys } from '../messages/messages-keys';

/** POST /api/campaigns/{id}/test-send: queues the campaign's text to one number (202). */
export const testSend = async ({ id, body }: { id: string; body: TestSendBody }): Promise<OutboundMessage> =>
  (await apiPost<{ message: OutboundMessage }>(`/api/campaigns/${encodeURIComponent(id)}/test-send`, body)).message;

/** Sends a test message and primes its status query (then polled by useMessage). */
export function useTestSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSend,
    onSuccess: (message) => queryClient.setQueryData(messagesKeys.detail(message.id), message),
  });
}
