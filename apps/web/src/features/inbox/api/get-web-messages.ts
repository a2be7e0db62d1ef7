import type { WebMessage } from '@sms/contracts/public-site';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { inboxKeys } from './inbox-keys';

export const webMessagesKey = [...inboxKeys.all, 'web-messages'] as const;

/** GET /api/inbox/web-messages: the public site's contact-form messages, newest first. */
export const getWebMessages = (signal?: AbortSignal) =>
  apiGet<{ data: WebMessage[]; total: number }>('/api/inbox/web-messages?limit=100', { signal });

export const useWebMessages = () => useQuery({ queryKey: webMessagesKey, queryFn: ({ signal }) => getWebMessages(signal) });
