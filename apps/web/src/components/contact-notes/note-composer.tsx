import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mentionsInBody, type Mentionable } from '@sms/contracts/notes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveNote } from '../../api/notes/save-note';
import { ApiError, errorMessage } from '../../lib/api-client';
import { MentionInput } from './mention-input';

export interface NoteComposerProps {
  contactId: string;
  /** Editing a note: its id, text and mentions; otherwise a new note. */
  editing?: { id: string; body: string; mentions: Mentionable[] } | undefined;
  onDone?: () => void;
}

/** Writes (or edits) a note; the users picked after @ whose names the text still holds are mentioned and notified. */
export function NoteComposer({ contactId, editing, onDone }: NoteComposerProps) {
  const { t } = useTranslation('notes');
  const [body, setBody] = useState(editing?.body ?? '');
  const [picked, setPicked] = useState<Mentionable[]>(editing?.mentions ?? []);
  const save = useSaveNote();
  const empty = body.trim() === '';
  const fieldError = save.error instanceof ApiError && save.error.field === 'body' ? errorMessage(save.error) : null;
  const formError = save.error && !fieldError ? errorMessage(save.error) : null;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || save.isPending) return;
    const mentions = mentionsInBody(body, picked).map((user) => user.id);
    const done = {
      onSuccess: () => {
        setBody('');
        setPicked([]);
        onDone?.();
      },
    };
    if (editing) save.mutate({ id: editing.id, contactId, body: { body, mentions } }, done);
    else save.mutate({ contactId, body: { contactId, body, mentions } }, done);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid={editing ? 'note-edit-form' : 'note-form'}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => save.reset()}>
          {formError}
        </Alert>
      ) : null}
      <MentionInput
        value={body}
        onChange={setBody}
        onMention={(user) => setPicked((users) => [...users.filter((other) => other.id !== user.id), user])}
        label={editing ? t('composer.editLabel') : t('composer.label')}
        error={fieldError}
        autoFocus={Boolean(editing)}
        onSubmitShortcut={() => submit()}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
        {editing ? <Button onClick={() => onDone?.()}>{t('composer.cancel')}</Button> : null}
        <Button type="submit" variant="contained" disabled={empty || save.isPending}>
          {save.isPending ? t('composer.saving') : editing ? t('composer.save') : t('composer.add')}
        </Button>
      </Stack>
    </Box>
  );
}
