import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebMessage } from '@sms/contracts/public-site';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { useWebMessages } from '../../../api/inbox/get-web-messages';
import { WebReplyForm } from './web-reply-form';
import { EmptyState } from '../../../components/empty-state';

/** The answer as stored: by SMS (sent to the engine), or by e-mail (queued, sent or failed). */
function WebAnswer({ message }: { message: WebMessage }) {
  const { t } = useTranslation('inbox');
  if (!message.replyBody) return null;
  if (message.replyChannel !== 'email')
    return (
      <Alert severity="success" sx={{ mt: 1.5 }}>
        {t('web.answered', { body: message.replyBody })}
      </Alert>
    );
  const status = message.replyStatus ?? 'queued';
  return (
    <Alert severity={status === 'failed' ? 'error' : status === 'sent' ? 'success' : 'info'} sx={{ mt: 1.5 }} data-testid="web-answer">
      {t(`web.answeredByEmail.${status}`, { body: message.replyBody, email: message.email })}
    </Alert>
  );
}

/** The inbox's Web messages: what visitors wrote on the public site's contact form, answered by SMS or e-mail. */
export function WebMessagesPane({ canReply }: { canReply: boolean }) {
  const { t } = useTranslation('inbox');
  const query = useWebMessages();
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <EmptyState title={t('web.empty')} testId="web-messages-empty" />;
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
            <WebAnswer message={message} />
            {canReply && (message.phone || message.email) ? <WebReplyForm message={message} /> : null}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
