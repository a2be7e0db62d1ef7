import type { CreateNoteBody, Note, UpdateNoteBody } from '@sms/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../lib/api-client';
import { contactsKeys } from '../contacts/contacts-keys';
import { notesKeys } from './notes-keys';

type SaveNote = { id: string; contactId: string; body: UpdateNoteBody } | { id?: undefined; contactId: string; body: CreateNoteBody };

/** POST /api/notes, or PUT /api/notes/{id} when an id is given. */
export const saveNote = async ({ id, body }: SaveNote): Promise<Note> =>
  (id ? await apiPut<{ note: Note }>(`/api/notes/${encodeURIComponent(id)}`, body) : await apiPost<{ note: Note }>('/api/notes', body))
    .note;

/** Saves a note; every list of notes and the contact's timeline refresh. */
export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNote,
    onSuccess: (_note, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKeys.all }),
        queryClient.invalidateQueries({ queryKey: contactsKeys.detail(variables.contactId) }),
      ]),
  });
}
