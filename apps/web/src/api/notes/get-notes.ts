import type { ListNotesQuery, NoteList } from '@sms/contracts/notes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { notesKeys } from './notes-keys';

/** GET /api/notes: one page of notes, newest first. */
export const getNotes = (query: Partial<ListNotesQuery>, signal?: AbortSignal): Promise<NoteList> =>
  apiGet<NoteList>('/api/notes', { params: query, signal });

export const notesQueryOptions = (query: Partial<ListNotesQuery>) =>
  queryOptions({
    queryKey: notesKeys.list(query),
    queryFn: ({ signal }) => getNotes(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of notes (the notes page; a contact's notes with `contactId`). */
export const useNotes = (query: Partial<ListNotesQuery>, enabled = true) => useQuery({ ...notesQueryOptions(query), enabled });
