import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INBOX_ERROR_CODES, INBOX_LIMITS } from '@sms/contracts/inbox';
import { analyseSms } from '@sms/contracts/sms-encoding';
import { IconSend } from '@tabler/icons-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSendReply } from '../../../api/inbox/send-reply';
import { QuickReplies } from './quick-replies';
import { InputField } from '../../../components/forms/input-field';

/**
 * The reply box: a live counter from the shared SMS rules (characters, parts, encoding: what the
 * gateway will send), Ctrl/Cmd+Enter to send. Replaced by an explanation for opted-out contacts.
 */
export function ReplyComposer({ contactId, optedOut }: { contactId: string; optedOut: boolean }) {
  const { t } = useTranslation('inbox');
  const [body, setBody] = useState('');
  // The quick reply the text was started from (edited or not): counted as a use when sent.
  const [fromTemplate, setFromTemplate] = useState<string | null>(null);
  const send = useSendReply();
  const counterId = useId();
  const analysis = analyseSms(body);
  const tooLong = analysis.segments > INBOX_LIMITS.replyMaxSegments || body.length > INBOX_LIMITS.replyMaxChars;
  const empty = body.trim() === '';

  if (optedOut) {
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid="composer-opted-out">
        {t('composer.optedOut')}
      </Alert>
    );
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || tooLong || send.isPending) return;
    send.mutate(
      { contactId, body, templateId: fromTemplate ?? undefined },
      {
        onSuccess: () => {
          setBody('');
          setFromTemplate(null);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  const failure =
    send.error instanceof ApiError && send.error.code === INBOX_ERROR_CODES.optedOut
      ? t('composer.optedOut')
      : send.error
        ? errorMessage(send.error)
        : null;

  return (
    <Box component="form" onSubmit={submit} sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }} noValidate>
      {failure ? (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => send.reset()}>
          {failure}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-end' }}>
        <InputField
          fullWidth
          multiline
          minRows={1}
          maxRows={6}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          error={tooLong}
          slotProps={{ htmlInput: { 'aria-describedby': counterId, dir: 'auto' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={empty || tooLong || send.isPending}
          startIcon={<IconSend size={18} aria-hidden />}
          sx={{ flexShrink: 0, mb: 0.25 }}
        >
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </Button>
      </Stack>
      {/* Quick replies and the counter share a line: the thread keeps the height. */}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
        <QuickReplies
          contactId={contactId}
          onPick={(text, id) => {
            setBody(text);
            setFromTemplate(id);
          }}
        />
        <Typography
          id={counterId}
          variant="caption"
          color={tooLong ? 'error' : 'text.secondary'}
          sx={{ display: 'block' }}
          data-testid="segment-counter"
          aria-live="polite"
        >
          {tooLong
            ? t('composer.tooLong', { max: INBOX_LIMITS.replyMaxSegments })
            : t('composer.counter', {
                count: analysis.characters,
                characters: analysis.characters,
                segments: analysis.segments,
                encoding: analysis.encoding,
                remaining: analysis.remainingInSegment,
              })}
        </Typography>
      </Stack>
    </Box>
  );
}
