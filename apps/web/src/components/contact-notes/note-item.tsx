import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Note } from '@sms/contracts/notes';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/use-auth';
import { useAbility } from '../../lib/permissions/use-ability';
import { DateTime } from '../date-time';

export interface NoteItemProps {
  note: Note;
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  /** Shown above the text (the notes page: the contact, with a link). */
  context?: React.ReactNode;
}

/** One note: author, time (and "edited"), the text; edit for its author, delete for its author or who may delete anyone's. */
export function NoteItem({ note, onEdit, onDelete, context }: NoteItemProps) {
  const { t } = useTranslation('notes');
  const { user } = useAuth();
  const ability = useAbility();
  const own = user !== null && note.author?.id === user.id;
  const canDelete = own || ability.can('delete', 'Note');
  return (
    <Box component="li" data-testid="note" sx={{ listStyle: 'none', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      {context}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {note.author?.name ?? t('deletedAuthor')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <DateTime value={note.createdAt} fallback="" />
          {note.editedAt ? ` · ${t('edited')}` : ''}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} dir="auto">
        {note.body}
      </Typography>
      {own || canDelete ? (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          {own ? (
            <Button size="small" onClick={() => onEdit(note)} aria-label={t('editNote', { author: note.author?.name ?? '' })}>
              {t('edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              size="small"
              color="error"
              onClick={() => onDelete(note)}
              aria-label={t('deleteNote', { author: note.author?.name ?? '' })}
            >
              {t('delete')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
