import { FINAL_MESSAGE_STATUSES } from '@sms/contracts/message-statuses';
import type { OutboundMessage } from '@sms/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { messagesKeys } from './messages-keys';

/** How often a test message is polled until its final status. */
export const MESSAGE_POLL_MS = 1000;

/** GET /api/messages/{id}. */
export const getMessage = async (id: string, signal?: AbortSignal): Promise<OutboundMessage> =>
  (await apiGet<{ message: OutboundMessage }>(`/api/messages/${encodeURIComponent(id)}`, { signal })).message;

/**
 * Whether the message is worth waiting for (queued, sending, or sent and waiting for its receipt).
 * Not unknown: its wait for a receipt is over (a very late one may still move it, rarely).
 */
export const isMessagePending = (message: OutboundMessage | undefined): boolean =>
  message !== undefined && message.status !== 'unknown' && !FINAL_MESSAGE_STATUSES.includes(message.status);

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagesKeys.detail(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    refetchInterval: (query) => (isMessagePending(query.state.data) ? MESSAGE_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** One outbound message, polled until delivered, undelivered, failed or without a receipt (unknown). */
export const useMessage = (id: string | null) => useQuery({ ...messageQueryOptions(id ?? ''), enabled: id !== null });
