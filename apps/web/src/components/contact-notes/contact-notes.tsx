import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotes } from '../../api/notes/get-notes';
import { errorMessage } from '../../lib/api-client';
import { Can } from '../../lib/permissions/can';
import { NoteComposer } from './note-composer';
import { NoteList } from './note-list';

const PAGE = 10;

/**
 * A contact's internal notes (never sent as SMS): the newest first with "more", and a box to add
 * one with @mentions. Shown on the contact's page and beside its inbox conversation.
 */
export function ContactNotes({ contactId, compact = false }: { contactId: string; compact?: boolean }) {
  const { t } = useTranslation('notes');
  const [limit, setLimit] = useState(compact ? 3 : PAGE);
  const query = useNotes({ contactId, limit });
  const notes = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Box data-testid="contact-notes">
      <Can I="create" a="Note">
        <NoteComposer contactId={contactId} />
      </Can>
      {query.isPending ? (
        <CircularProgress size={24} aria-label={t('loading')} sx={{ mt: 1 }} />
      ) : query.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(query.error)}
        </Alert>
      ) : notes.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {t('empty')}
        </Typography>
      ) : (
        <NoteList notes={notes} />
      )}
      {total > notes.length ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setLimit((value) => Math.min(100, value + PAGE))} disabled={query.isFetching}>
          {t('more', { count: total - notes.length })}
        </Button>
      ) : null}
    </Box>
  );
}
