import { FINAL_MESSAGE_STATUSES } from '@sms/contracts/message-statuses';
import type { OutboundMessage } from '@sms/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** How often a test message is polled until its final status. */
export const MESSAGE_POLL_MS = 1000;

/** GET /api/messages/{id}. */
export const getMessage = async (id: string, signal?: AbortSignal): Promise<OutboundMessage> =>
  (await apiGet<{ message: OutboundMessage }>(`/api/messages/${encodeURIComponent(id)}`, { signal })).message;

/** Whether the message may still change (queued, sending, or sent and waiting for its receipt). */
export const isMessagePending = (message: OutboundMessage | undefined): boolean =>
  message !== undefined && !FINAL_MESSAGE_STATUSES.includes(message.status);

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignsKeys.message(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    refetchInterval: (query) => (isMessagePending(query.state.data) ? MESSAGE_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** One outbound message, polled until delivered, undelivered or failed. */
export const useMessage = (id: string | null) => useQuery({ ...messageQueryOptions(id ?? ''), enabled: id !== null });
