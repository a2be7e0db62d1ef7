import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { WEB_REPLY_CODES, WEB_REPLY_MAX, type WebMessage } from '@sms/contracts/public-site';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useReplyWebMessage } from '../../../api/inbox/reply-web-message';
import { InputField } from '../../../components/forms/input-field';

/** Answers a contact-form message by SMS (a number was given) or e-mail (an address was given); both given: the user picks. */
export function WebReplyForm({ message }: { message: WebMessage }) {
  const { t } = useTranslation('inbox');
  const reply = useReplyWebMessage();
  const [body, setBody] = useState('');
  const [channel, setChannel] = useState<'sms' | 'email'>(message.phone ? 'sms' : 'email');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await reply.mutateAsync({ id: message.id, body: body.trim(), channel });
      setBody('');
    } catch {
      // shown from reply.error
    }
  };
  const smtpMissing = reply.error instanceof ApiError && reply.error.code === WEB_REPLY_CODES.smtpNotConfigured;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('web.replyTo', { name: message.name })} sx={{ mt: 1.5 }}>
      {message.phone && message.email ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={channel}
          onChange={(_event, next: 'sms' | 'email' | null) => next && setChannel(next)}
          aria-label={t('web.channel')}
          sx={{ mb: 1 }}
        >
          <ToggleButton value="sms">{t('web.bySms')}</ToggleButton>
          <ToggleButton value="email">{t('web.byEmail')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <InputField
          size="small"
          fullWidth
          label={channel === 'sms' ? t('web.replyLabel') : t('web.replyEmailLabel', { email: message.email })}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline={channel === 'email'}
          slotProps={{ htmlInput: { maxLength: WEB_REPLY_MAX } }}
        />
        <Button type="submit" variant="contained" disabled={!body.trim() || reply.isPending}>
          {t('web.send')}
        </Button>
      </Stack>
      {smtpMissing ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="smtp-missing">
          {t('web.smtpMissing')}
        </Alert>
      ) : reply.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(reply.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
