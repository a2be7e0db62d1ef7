import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TimelineItem } from '@sms/contracts/contact-timeline';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBellOff,
  IconBellRinging,
  IconCircleCheck,
  IconFileImport,
  IconNote,
  IconShieldCheck,
  IconUserPlus,
  IconUserShare,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useContactTimeline } from '../../../api/contacts/get-contact-timeline';
import { DateTime } from '../../../components/date-time';
import { ContactNotes } from '../../../components/contact-notes/contact-notes';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';

const ICONS: Record<TimelineItem['kind'], Icon> = {
  created: IconUserPlus,
  message: IconArrowUpRight,
  reply: IconArrowDownLeft,
  opt_out: IconBellOff,
  opt_in: IconBellRinging,
  consent: IconShieldCheck,
  note: IconNote,
  conversation_assigned: IconUserShare,
  conversation_status: IconCircleCheck,
};

/** A link to a campaign for `<anchor>{{name}}</anchor>` in a translation. */
const campaignLink = (campaign: { id: string; name: string }) => <Link component={RouterLink} to={paths.campaigns.detail(campaign.id)} />;

/** What happened, in words (and links): one line per kind, from the server's kind and fields. */
function useItemTitle(): (item: TimelineItem) => ReactNode {
  const { t } = useTranslation(['timeline', 'inbox']);
  return (item) => {
    switch (item.kind) {
      case 'created':
        return item.import ? (
          <Trans
            t={t}
            i18nKey="timeline:created.import"
            values={{ file: item.import.fileName }}
            components={{
              anchor: <Link component={RouterLink} to={`${paths.contacts.upload}?import=${encodeURIComponent(item.import.id)}`} />,
            }}
          />
        ) : (
          t(`timeline:created.${item.source}`, { name: item.by?.name ?? '' })
        );
      case 'message': {
        const status = t(`inbox:status.${item.status}`);
        return item.campaign ? (
          <Trans
            t={t}
            i18nKey="timeline:message.campaign"
            values={{ status, name: item.campaign.name }}
            components={{ anchor: campaignLink(item.campaign) }}
          />
        ) : (
          t('timeline:message.direct', { kind: t(`inbox:kinds.${item.messageKind}`), status })
        );
      }
      case 'reply':
        if (item.optsOut) return t('timeline:reply.optOut');
        return item.campaign ? (
          <Trans
            t={t}
            i18nKey="timeline:reply.campaign"
            values={{ name: item.campaign.name }}
            components={{ anchor: campaignLink(item.campaign) }}
          />
        ) : (
          t('timeline:reply.plain')
        );
      case 'opt_out':
        return t('timeline:optOut', { source: t(`timeline:optOutSource.${item.source ?? 'unknown'}`) });
      case 'opt_in':
        return t('timeline:optIn', { source: t(`timeline:optInSource.${item.source ?? 'unknown'}`) });
      case 'consent':
        return t(`timeline:consent.${item.action}`, { source: item.source });
      case 'note':
        return t('timeline:note', { name: item.author?.name ?? t('timeline:deletedUser') });
      case 'conversation_assigned': {
        const names = { from: item.from?.name ?? '', to: item.to?.name ?? '', by: item.by?.name ?? t('timeline:deletedUser') };
        if (!item.to) return t('timeline:conversation.unassigned', names);
        if (item.auto) return t('timeline:conversation.assignedAuto', names);
        return t(item.from ? 'timeline:conversation.reassigned' : 'timeline:conversation.assigned', names);
      }
      case 'conversation_status': {
        if (item.reason === 'inbound')
          return t(item.from === 'resolved' ? 'timeline:conversation.reopenedInbound' : 'timeline:conversation.wokenInbound');
        const by = item.by?.name ?? t('timeline:deletedUser');
        if (item.to === 'open')
          return t(item.from === 'resolved' ? 'timeline:conversation.reopened' : 'timeline:conversation.open', { by });
        const time = item.snoozedUntil ? new Date(item.snoozedUntil).toLocaleString() : '';
        return t(`timeline:conversation.${item.to}`, { by, time });
      }
    }
  };
}

/** The text under an item's title: a message's or reply's words, a note, a consent note. */
function itemDetail(item: TimelineItem): string | null {
  if (item.kind === 'message') return item.body;
  if (item.kind === 'reply' || item.kind === 'note') return item.body;
  if (item.kind === 'opt_in') return item.note;
  if (item.kind === 'consent') return item.topics.join(', ') || null;
  return null;
}

function TimelineRow({ item, title }: { item: TimelineItem; title: ReactNode }) {
  const Icon = item.kind === 'created' && item.source === 'import' ? IconFileImport : ICONS[item.kind];
  const detail = itemDetail(item);
  return (
    <Box
      component="li"
      data-testid="timeline-item"
      data-kind={item.kind}
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ color: 'primary.main', pt: 0.25 }}>
        <Icon size={18} aria-hidden />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <DateTime value={item.at} fallback="" />
          </Typography>
        </Stack>
        {detail ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
            {detail}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** The contact page's "Notes" and "Timeline": notes to add and read, then every event about the contact, newest first. */
export function ContactTimelineCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation('timeline');
  const query = useContactTimeline(contactId);
  const title = useItemTitle();
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <Can I="read" a="Note">
        <Card sx={{ mt: 3 }}>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('notesTitle')}
            </Typography>
            <ContactNotes contactId={contactId} />
          </CardContent>
        </Card>
      </Can>
      <Card sx={{ mt: 3 }} data-testid="contact-timeline">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t('title')}
          </Typography>
          {query.isPending ? (
            <CircularProgress size={24} aria-label={t('loading')} />
          ) : query.isError ? (
            <Alert severity="error">{errorMessage(query.error)}</Alert>
          ) : items.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={t('title')}>
              {items.map((item) => (
                <TimelineRow key={item.key} item={item} title={title(item)} />
              ))}
            </Box>
          )}
          {query.hasNextPage ? (
            <Button sx={{ mt: 1 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('older')}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
