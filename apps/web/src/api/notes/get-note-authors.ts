import type { Mentionable } from '@sms/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { notesKeys } from './notes-keys';

/** GET /api/notes/authors: everyone who wrote a note. */
export const getNoteAuthors = async (signal?: AbortSignal): Promise<Mentionable[]> =>
  (await apiGet<{ data: Mentionable[] }>('/api/notes/authors', { signal })).data;

/** The notes page's author filter. */
export const useNoteAuthors = () => useQuery({ queryKey: notesKeys.authors(), queryFn: ({ signal }) => getNoteAuthors(signal) });
