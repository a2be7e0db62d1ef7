import Box from '@mui/material/Box';
import type { Note } from '@sms/contracts/notes';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteNote } from '../../api/notes/delete-note';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../confirm-dialog';
import { NoteComposer } from './note-composer';
import { NoteItem } from './note-item';

/** Notes with their edit form in place and a confirmation before deleting: the contact's notes, the notes page. */
export function NoteList({ notes, context }: { notes: Note[]; context?: (note: Note) => ReactNode }) {
  const { t } = useTranslation('notes');
  const [editing, setEditing] = useState<Note | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const deletion = useDeleteNote();
  const close = () => {
    deletion.reset();
    setDeleting(null);
  };
  return (
    <>
      <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={t('listLabel')}>
        {notes.map((note) =>
          editing?.id === note.id ? (
            <Box component="li" key={note.id} sx={{ listStyle: 'none', py: 1.25 }}>
              <NoteComposer
                contactId={note.contactId}
                editing={{ id: note.id, body: note.body, mentions: note.mentions }}
                onDone={() => setEditing(null)}
              />
            </Box>
          ) : (
            <NoteItem key={note.id} note={note} onEdit={setEditing} onDelete={setDeleting} context={context?.(note)} />
          ),
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteDialog.title')}
        message={t('deleteDialog.message')}
        confirmLabel={t('delete')}
        danger
        busy={deletion.isPending}
        error={deletion.isError ? errorMessage(deletion.error) : null}
        onClose={close}
        onConfirm={() => {
          if (deleting) deletion.mutate({ id: deleting.id, contactId: deleting.contactId }, { onSuccess: close });
        }}
      />
    </>
  );
}
