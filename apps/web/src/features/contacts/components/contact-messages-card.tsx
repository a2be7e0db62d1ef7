import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ThreadMessage } from '@sms/contracts/inbox';
import { IconArrowDownLeft, IconArrowUpRight, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useContactMessages } from '../../../api/contacts/get-contact-messages';

function HistoryRow({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation(['inbox', 'contacts']);
  const out = message.direction === 'out';
  const Icon = out ? IconArrowUpRight : IconArrowDownLeft;
  const what = message.campaignName
    ? t('inbox:thread.campaign', { name: message.campaignName })
    : out && message.kind
      ? t(`inbox:kinds.${message.kind}`)
      : t('inbox:history.in');
  return (
    <Box
      component="li"
      data-testid="history-row"
      data-direction={message.direction}
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ color: out ? 'primary.main' : 'success.main', pt: 0.25 }}>
        <Icon size={18} aria-label={out ? t('inbox:history.out') : t('inbox:history.in')} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {what}
            {out && message.status ? ` · ${t(`inbox:status.${message.status}`)}` : ''}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <DateTime value={message.at} fallback="" />
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
          {message.body}
        </Typography>
      </Box>
    </Box>
  );
}

/** The contact page's "Messages" section: every message sent to or received from the contact, newest first. */
export function ContactMessagesCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation(['contacts', 'inbox']);
  const query = useContactMessages(contactId);
  const messages = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card sx={{ mt: 3 }} data-testid="contact-messages">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {t('detail.history')}
          </Typography>
          <Can I="read" a="Inbox">
            <Button
              component={RouterLink}
              to={paths.chatWith(contactId)}
              variant="outlined"
              size="small"
              startIcon={<IconMessages size={18} aria-hidden />}
            >
              {t('inbox:history.open')}
            </Button>
          </Can>
        </Stack>
        {query.isPending ? (
          <CircularProgress size={24} aria-label={t('inbox:loading')} />
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : messages.length === 0 ? (
          <Typography color="text.secondary">{t('inbox:history.empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, p: 0 }}>
            {messages.map((message) => (
              <HistoryRow key={message.key} message={message} />
            ))}
          </Box>
        )}
        {query.hasNextPage ? (
          <Button sx={{ mt: 1 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('inbox:history.older')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
