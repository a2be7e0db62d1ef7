import type { WebMessage } from '@sms/contracts/public-site';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { inboxKeys } from './inbox-keys';

export const webMessagesKey = [...inboxKeys.all, 'web-messages'] as const;

/** GET /api/inbox/web-messages: the public site's contact-form messages, newest first. */
export const getWebMessages = (signal?: AbortSignal) =>
  apiGet<{ data: WebMessage[]; total: number }>('/api/inbox/web-messages?limit=100', { signal });

/** The list; asked again every few seconds while an e-mail answer is on its way (queued until the mail job sends it). */
export const useWebMessages = () =>
  useQuery({
    queryKey: webMessagesKey,
    queryFn: ({ signal }) => getWebMessages(signal),
    refetchInterval: (query) => (query.state.data?.data.some((message) => message.replyStatus === 'queued') ? 3000 : false),
  });
