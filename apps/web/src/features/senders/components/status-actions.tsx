import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SENDER_TRANSITIONS, type Sender } from '@sms/contracts/senders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeSenderStatus } from '../../../api/senders/change-sender-status';
import { InputField } from '../../../components/forms/input-field';
import { errorMessage } from '../../../lib/api-client';

/** The registration's next moves (submitted, approved, rejected, draft), with notes (a reference, a rejection's reason). */
export function StatusActions({ sender }: { sender: Sender }) {
  const { t } = useTranslation('senders');
  const change = useChangeSenderStatus();
  const [notes, setNotes] = useState(sender.notes);
  return (
    <Stack spacing={1.5}>
      <InputField label={t('fields.notes')} value={notes} onChange={(event) => setNotes(event.target.value)} multiline minRows={2} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {SENDER_TRANSITIONS[sender.status].map((status) => (
          <Button
            key={status}
            variant="outlined"
            disabled={change.isPending}
            onClick={() => change.mutate({ id: sender.id, body: { status, notes } })}
          >
            {t(`move.${status}`)}
          </Button>
        ))}
      </Stack>
      {change.isError ? <Alert severity="error">{errorMessage(change.error)}</Alert> : null}
    </Stack>
  );
}
