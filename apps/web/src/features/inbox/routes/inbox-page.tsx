import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { InboxEvent } from '@sms/contracts/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AvailabilitySwitch } from '../../../components/tickets/availability-switch';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewportFill } from '../components/use-viewport-fill';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useDebounced } from '../../../lib/use-debounced';
import type { ConversationFilters } from '../../../api/inbox/get-conversations';
import { inboxKeys } from '../../../api/inbox/inbox-keys';
import { ticketsKeys } from '../../../api/tickets/tickets-keys';
import { useInboxStream } from '../../../api/inbox/inbox-stream';
import { useMarkRead } from '../../../api/inbox/mark-read';
import { ConversationList, type ListControls } from '../components/conversation-list';
import { NoConversation, ThreadPane } from '../components/thread-pane';
import { WebMessagesPane } from '../components/web-messages-pane';

const CONTACT_PARAM = 'contact';
/** `?view=web`: the public site's contact-form messages instead of the SMS conversations. */
const VIEW_PARAM = 'view';

/**
 * /apps/chats: the SMS inbox. Conversations on one side, the open thread on the other (one or the
 * other on small screens; the open conversation is in the URL, so Back and links work). Live
 * through the event stream; a conversation is marked read when opened and when a message arrives
 * while it is open.
 */
export default function InboxPage() {
  const { t } = useTranslation('inbox');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  usePageTitle(t('title'));
  const frame = useRef<HTMLDivElement>(null);
  const fill = useViewportFill(frame);
  const selected = params.get(CONTACT_PARAM);
  const view = params.get(VIEW_PARAM) === 'web' ? 'web' : 'sms';
  // `?campaign=` (a replies notification's link) starts the list filtered to that campaign's repliers.
  const [controls, setControls] = useState<ListControls>(() => ({
    search: '',
    unread: false,
    optedOut: false,
    campaignId: params.get('campaign') ?? '',
  }));
  const search = useDebounced(controls.search.trim(), 300);
  const filters = useMemo<ConversationFilters>(
    () => ({
      ...(search ? { search } : {}),
      ...(controls.unread ? { unread: true } : {}),
      ...(controls.optedOut ? { optedOut: true } : {}),
      ...(controls.campaignId ? { campaignId: controls.campaignId } : {}),
    }),
    [search, controls.unread, controls.optedOut, controls.campaignId],
  );
  const markRead = useMarkRead();
  const markReadRef = useRef(markRead.mutate);
  useEffect(() => {
    markReadRef.current = markRead.mutate;
  }, [markRead.mutate]);

  // Live events: refresh the list and the open thread, coalescing bursts into one refetch.
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; contacts: Set<string> }>({ contacts: new Set() });
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const onEvent = useCallback(
    (event: InboxEvent) => {
      const batch = pending.current;
      batch.contacts.add(event.contactId);
      if (event.type === 'inbound' && event.contactId === selectedRef.current && document.visibilityState === 'visible')
        markReadRef.current(event.contactId);
      if (batch.timer) return;
      batch.timer = setTimeout(() => {
        const contacts = [...batch.contacts];
        batch.contacts.clear();
        batch.timer = undefined;
        void queryClient.invalidateQueries({ queryKey: inboxKeys.conversations() });
        for (const contactId of contacts) {
          void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(contactId) });
          // A reply may have reopened (or woken) the conversation, or round-robin assigned it.
          void queryClient.invalidateQueries({ queryKey: ticketsKeys.detail(contactId) });
        }
      }, 250);
    },
    [queryClient],
  );
  useEffect(() => () => clearTimeout(pending.current.timer), []);
  const live = useInboxStream(onEvent);

  // Opening a conversation marks it read.
  useEffect(() => {
    if (selected) markReadRef.current(selected);
  }, [selected]);

  const select = (contactId: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (contactId) next.set(CONTACT_PARAM, contactId);
        else next.delete(CONTACT_PARAM);
        return next;
      },
      { replace: !small },
    );
  };
  const showList = !small || !selected;
  const showThread = !small || Boolean(selected);

  return (
    <Box ref={frame} sx={view === 'web' ? undefined : { display: 'flex', flexDirection: 'column', height: fill, minHeight: 420 }}>
      {/* A compact header (not the page container's card): the thread gets the height (issue 35). */}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Tabs
          value={view}
          onChange={(_, next: string) =>
            setParams((current) => {
              const updated = new URLSearchParams(current);
              if (next === 'web') updated.set(VIEW_PARAM, 'web');
              else updated.delete(VIEW_PARAM);
              return updated;
            })
          }
          aria-label={t('web.views')}
          sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5 } }}
        >
          <Tab value="sms" label={t('web.smsTab')} />
          <Tab value="web" label={t('web.tab')} />
        </Tabs>
        <Stack direction="row" sx={{ marginInlineStart: 'auto', alignItems: 'center', gap: 1 }}>
          {ability.can('create', 'Inbox') ? <AvailabilitySwitch /> : null}
          <Chip
            size="small"
            data-testid="live-state"
            data-live={live}
            label={live ? t('live.on') : t('live.off')}
            sx={live ? { bgcolor: 'success.light', color: 'textColor.success', fontWeight: 600 } : { fontWeight: 600 }}
          />
        </Stack>
      </Stack>
      {view === 'web' ? <WebMessagesPane canReply={ability.can('create', 'Inbox')} /> : null}
      <Card
        sx={{
          display: view === 'web' ? 'none' : 'flex',
          flex: 1,
          minHeight: 0,
          overflow: 'hidden',
          p: 0,
        }}
      >
        {showList ? (
          <Box
            component="section"
            aria-label={t('list.title')}
            sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, borderInlineEnd: { md: 1 }, borderColor: { md: 'divider' }, minHeight: 0 }}
          >
            <ConversationList
              controls={controls}
              onControls={setControls}
              filters={filters}
              live={live}
              selected={selected}
              onSelect={select}
            />
          </Box>
        ) : null}
        {showThread ? (
          <Box component="section" aria-label={t('thread.title')} sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
            {selected ? (
              <ThreadPane
                contactId={selected}
                live={live}
                onBack={small ? () => select(null) : undefined}
                canReply={ability.can('create', 'Inbox')}
              />
            ) : (
              <NoConversation />
            )}
          </Box>
        ) : null}
      </Card>
    </Box>
  );
}
