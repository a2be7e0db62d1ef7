import type { TimelinePage } from '@sms/contracts/contact-timeline';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { contactsKeys } from './contacts-keys';

/** GET /api/contacts/{id}/timeline: one page of every event about the contact, newest first. */
export async function getContactTimeline(id: string, before: string | undefined, signal?: AbortSignal): Promise<TimelinePage> {
  return apiGet<TimelinePage>(`/api/contacts/${encodeURIComponent(id)}/timeline`, { params: before ? { before } : {}, signal });
}

/** The contact's timeline, paging back ("older events"); a note's save refreshes it with the contact. */
export const useContactTimeline = (id: string) =>
  useInfiniteQuery({
    queryKey: [...contactsKeys.detail(id), 'timeline'],
    queryFn: ({ pageParam, signal }) => getContactTimeline(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
