import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { contactsKeys } from '../contacts/contacts-keys';
import { notesKeys } from './notes-keys';

/** DELETE /api/notes/{id}. */
export const deleteNote = ({ id }: { id: string; contactId: string }): Promise<void> => apiDelete(`/api/notes/${encodeURIComponent(id)}`);

/** Deletes a note; every list of notes and the contact's timeline refresh. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_nothing, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKeys.all }),
        queryClient.invalidateQueries({ queryKey: contactsKeys.detail(variables.contactId) }),
      ]),
  });
}
