import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEB_REPLY_MAX, type WebMessage } from '@sms/contracts/public-site';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useWebMessages } from '../api/get-web-messages';
import { useReplyWebMessage } from '../api/reply-web-message';

function WebReply({ message }: { message: WebMessage }) {
  const { t } = useTranslation('inbox');
  const reply = useReplyWebMessage();
  const [body, setBody] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await reply.mutateAsync({ id: message.id, body: body.trim() });
      setBody('');
    } catch {
      // shown from reply.error
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('web.replyTo', { name: message.name })} sx={{ mt: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          fullWidth
          label={t('web.replyLabel')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          slotProps={{ htmlInput: { maxLength: WEB_REPLY_MAX } }}
        />
        <Button type="submit" variant="contained" disabled={!body.trim() || reply.isPending}>
          {t('web.send')}
        </Button>
      </Stack>
      {reply.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(reply.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The inbox's Web messages: what visitors wrote on the public site's contact form, answered by SMS. */
export function WebMessagesPane({ canReply }: { canReply: boolean }) {
  const { t } = useTranslation('inbox');
  const query = useWebMessages();
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <Typography color="text.secondary">{t('web.empty')}</Typography>;
  return (
    <Stack spacing={2} data-testid="web-messages">
      {query.data.data.map((message) => (
        <Card key={message.id} variant="outlined" data-testid="web-message">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {message.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <DateTime value={message.createdAt} fallback="" />
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
              {[message.phone, message.email].filter(Boolean).join(' · ')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }} dir="auto">
              {message.body}
            </Typography>
            {message.replyBody ? (
              <Alert severity="success" sx={{ mt: 1.5 }}>
                {t('web.answered', { body: message.replyBody })}
              </Alert>
            ) : null}
            {canReply && message.phone ? <WebReply message={message} /> : null}
            {!message.phone && message.email ? (
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                <Link href={`mailto:${message.email}`}>{t('web.answerByEmail', { email: message.email })}</Link>
              </Typography>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
