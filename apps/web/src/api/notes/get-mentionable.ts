import type { Mentionable } from '@sms/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { notesKeys } from './notes-keys';

/** GET /api/notes/mentionable: staff who may be mentioned, matching `search`. */
export const getMentionable = async (search: string, signal?: AbortSignal): Promise<Mentionable[]> =>
  (await apiGet<{ data: Mentionable[] }>('/api/notes/mentionable', { params: search ? { search } : {}, signal })).data;

/** The @ suggestions while the user types a name after @. */
export const useMentionable = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: notesKeys.mentionable(search),
    queryFn: ({ signal }) => getMentionable(search, signal),
    enabled,
    staleTime: 30_000,
  });
