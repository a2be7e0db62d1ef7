import type { ThreadWithContact } from '@sms/contracts/inbox';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { inboxKeys } from './inbox-keys';

/** GET /api/inbox/conversations/{contactId}/messages: one page, newest first. */
export async function getThread(contactId: string, before: string | undefined, signal?: AbortSignal): Promise<ThreadWithContact> {
  const params = new URLSearchParams({ limit: '30' });
  if (before) params.set('before', before);
  return apiGet<ThreadWithContact>(`/api/inbox/conversations/${encodeURIComponent(contactId)}/messages?${params.toString()}`, { signal });
}

/** A conversation's messages, paging backwards ("earlier messages"). */
export function useThread(contactId: string | null, live: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.thread(contactId ?? ''),
    queryFn: ({ pageParam, signal }) => getThread(contactId ?? '', pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: contactId !== null,
    refetchInterval: live ? false : 15_000,
  });
}
