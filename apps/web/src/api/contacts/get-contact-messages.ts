import type { ThreadResponse } from '@sms/contracts/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/{id}/messages: one page of the contact's history, newest first. */
export async function getContactMessages(id: string, before: string | undefined, signal?: AbortSignal): Promise<ThreadResponse> {
  const params = new URLSearchParams({ limit: '20' });
  if (before) params.set('before', before);
  return apiGet<ThreadResponse>(`/api/contacts/${encodeURIComponent(id)}/messages?${params.toString()}`, { signal });
}

/** The contact's messages of every kind, paging back ("older messages"). */
export const useContactMessages = (id: string) =>
  useInfiniteQuery({
    queryKey: [...contactsKeys.detail(id), 'messages'],
    queryFn: ({ pageParam, signal }) => getContactMessages(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
