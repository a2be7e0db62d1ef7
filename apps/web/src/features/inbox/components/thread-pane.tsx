import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { IconArrowLeft, IconArrowRight, IconMessages } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useThread } from '../../../api/inbox/get-thread';
import { displayName } from './contact-display';
import { MessageBubble } from './message-bubble';
import { ReplyComposer } from './reply-composer';
import { TicketBar } from './ticket-bar';
import { LtrText } from '../../../components/ltr-text';
import { EmptyState } from '../../../components/empty-state';
import { ConversationNotes } from '../../../components/contact-notes/conversation-notes';

/** Shown in the thread pane before a conversation is picked. */
export function NoConversation() {
  const { t } = useTranslation('inbox');
  return (
    <Stack
      sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 4, color: 'text.secondary', textAlign: 'center' }}
      spacing={1.5}
    >
      <IconMessages size={48} aria-hidden />
      <Typography>{t('thread.pick')}</Typography>
    </Stack>
  );
}

/**
 * The right pane: the contact, the messages oldest to newest ("earlier messages" pages back), and
 * the reply box. Scrolls to the newest message when one arrives.
 */
export function ThreadPane({
  contactId,
  live,
  onBack,
  canReply,
}: {
  contactId: string;
  live: boolean;
  onBack?: (() => void) | undefined;
  canReply: boolean;
}) {
  const { t } = useTranslation('inbox');
  const theme = useTheme();
  const query = useThread(contactId, live);
  const scroller = useRef<HTMLDivElement>(null);
  const pages = query.data?.pages ?? [];
  const contact = pages[0]?.contact;
  const messages = pages.flatMap((page) => page.data).reverse();
  const newest = messages.at(-1)?.key;
  const newestStatus = messages.at(-1)?.status;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest, newestStatus, contactId]);

  if (query.isError) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!contact) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  }
  const name = displayName(contact);
  const BackIcon = theme.direction === 'rtl' ? IconArrowRight : IconArrowLeft;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="thread">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
        {onBack ? (
          <IconButton onClick={onBack} aria-label={t('thread.back')} edge="start">
            <BackIcon size={20} aria-hidden />
          </IconButton>
        ) : null}
        <UserAvatar name={name ?? '#'} size={32} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {name ?? <LtrText>{contact.phone}</LtrText>}
          </Typography>
          {name ? (
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              <LtrText>{contact.phone}</LtrText>
            </Typography>
          ) : null}
        </Box>
        {contact.optedOut ? (
          <Chip size="small" label={t('list.optedOut')} sx={{ bgcolor: 'warning.light', color: 'textColor.warning', fontWeight: 600 }} />
        ) : null}
        <Link component={RouterLink} to={paths.contacts.detail(contact.contactId)} variant="body2" sx={{ flexShrink: 0 }}>
          {t('thread.openContact')}
        </Link>
      </Stack>
      <TicketBar
        contactId={contactId}
        canChange={canReply}
        extra={<ConversationNotes key={`notes-${contactId}`} contactId={contactId} />}
      />
      <Box
        ref={scroller}
        sx={{ flex: 1, overflowY: 'auto', minHeight: 0, px: 2, py: 1 }}
        data-testid="thread-scroller"
        // Focusable, so the keyboard scrolls a long thread too.
        tabIndex={0}
      >
        {query.hasNextPage ? (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('thread.earlier')}
            </Button>
          </Box>
        ) : null}
        {messages.length === 0 ? (
          <EmptyState title={t('thread.empty')} testId="thread-empty" />
        ) : (
          <Box role="log" aria-label={t('thread.label', { name: name ?? contact.phone })}>
            <Box component="ol" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, m: 0, p: 0 }}>
              {messages.map((message) => (
                <MessageBubble key={message.key} message={message} />
              ))}
            </Box>
          </Box>
        )}
      </Box>
      {canReply ? <ReplyComposer key={contactId} contactId={contactId} optedOut={contact.optedOut} /> : null}
    </Box>
  );
}
