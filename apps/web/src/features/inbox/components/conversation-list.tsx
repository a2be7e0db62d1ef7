import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Conversation } from '@sms/contracts/inbox';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useCampaignOptions } from '../../../api/campaigns/get-campaigns';
import { useConversations, type ConversationFilters } from '../../../api/inbox/get-conversations';
import { displayName, shortTime } from './contact-display';
import { LtrText } from '../../../components/ltr-text';
import { EmptyState } from '../../../components/empty-state';
import { TicketAssigneeChip, TicketPriorityChip, TicketStatusChip } from '../../../components/tickets/ticket-chips';

export interface ListControls {
  search: string;
  unread: boolean;
  optedOut: boolean;
  campaignId: string;
}

function ConversationRow({ conversation, selected, onSelect }: { conversation: Conversation; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('inbox');
  const { language } = useLanguage();
  const name = displayName(conversation);
  const preview =
    conversation.lastMessage.direction === 'out' ? t('list.you', { text: conversation.lastMessage.body }) : conversation.lastMessage.body;
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      data-testid="conversation"
      data-contact-id={conversation.contactId}
      aria-current={selected ? 'true' : undefined}
      sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.25 }}
    >
      <UserAvatar name={name ?? '#'} size={40} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography noWrap sx={{ fontWeight: conversation.unread > 0 ? 700 : 600 }}>
            {name ?? <LtrText>{conversation.phone}</LtrText>}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
            <time dateTime={conversation.lastActivityAt}>{shortTime(conversation.lastActivityAt, language)}</time>
          </Typography>
        </Stack>
        {name ? (
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            <LtrText>{conversation.phone}</LtrText>
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.25 }}>
          <Typography
            variant="body2"
            color={conversation.unread > 0 ? 'text.primary' : 'text.secondary'}
            noWrap
            dir="auto"
            sx={{ minWidth: 0 }}
          >
            {preview}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ flexShrink: 0, alignItems: 'center' }}>
            {conversation.optedOut ? (
              <Chip
                size="small"
                label={t('list.optedOut')}
                sx={{ bgcolor: 'warning.light', color: 'textColor.warning', fontWeight: 600, height: 20 }}
              />
            ) : null}
            {conversation.unread > 0 ? (
              <Badge
                data-testid="unread-badge"
                badgeContent={conversation.unread}
                color="error"
                max={99}
                aria-label={t('list.unread', { count: conversation.unread })}
                sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
              />
            ) : null}
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ mt: 0.5, gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          <TicketStatusChip status={conversation.ticket.status} />
          <TicketPriorityChip priority={conversation.ticket.priority} />
          <TicketAssigneeChip name={conversation.ticket.assignee?.name ?? null} />
        </Stack>
      </Box>
    </ListItemButton>
  );
}

/** The left pane: search, filter chips, conversations with unread badges, "load more". */
export function ConversationList({
  controls,
  onControls,
  filters,
  live,
  selected,
  onSelect,
}: {
  controls: ListControls;
  onControls: (next: ListControls) => void;
  filters: ConversationFilters;
  live: boolean;
  selected: string | null;
  onSelect: (contactId: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const query = useConversations(filters, live);
  const campaigns = useCampaignOptions(true);
  const conversations = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(filters.search || filters.unread || filters.optedOut !== undefined || filters.campaignId);
  const toggle = (key: 'unread' | 'optedOut') => onControls({ ...controls, [key]: !controls[key] });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          fullWidth
          size="small"
          value={controls.search}
          onChange={(event) => onControls({ ...controls, search: event.target.value })}
          label={t('list.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconSearch size={18} aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <Stack direction="row" sx={{ mt: 1.25, flexWrap: 'wrap', gap: 1 }} role="group" aria-label={t('list.filters')}>
          <Chip
            label={t('list.filterUnread')}
            color={controls.unread ? 'primary' : 'default'}
            variant={controls.unread ? 'filled' : 'outlined'}
            onClick={() => toggle('unread')}
            aria-pressed={controls.unread}
          />
          <Chip
            label={t('list.filterOptedOut')}
            color={controls.optedOut ? 'primary' : 'default'}
            variant={controls.optedOut ? 'filled' : 'outlined'}
            onClick={() => toggle('optedOut')}
            aria-pressed={controls.optedOut}
          />
          <TextField
            select
            size="small"
            label={t('list.filterCampaign')}
            value={controls.campaignId}
            onChange={(event) => onControls({ ...controls, campaignId: event.target.value })}
            sx={{ minWidth: 170, flex: 1 }}
          >
            <MenuItem value="">{t('list.anyCampaign')}</MenuItem>
            {(campaigns.data ?? []).map((campaign) => (
              <MenuItem key={campaign.id} value={campaign.id}>
                {campaign.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {query.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress size={28} aria-label={t('loading')} />
          </Box>
        ) : query.isError ? (
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
        ) : conversations.length === 0 ? (
          <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')} testId="conversations-empty" />
        ) : (
          <List disablePadding aria-label={t('list.label', { count: total })}>
            {conversations.map((conversation) => (
              <ListItem key={conversation.contactId} disablePadding>
                <ConversationRow
                  conversation={conversation}
                  selected={conversation.contactId === selected}
                  onSelect={() => onSelect(conversation.contactId)}
                />
              </ListItem>
            ))}
          </List>
        )}
        {query.hasNextPage ? (
          <Box sx={{ p: 1.5, textAlign: 'center' }}>
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('list.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
