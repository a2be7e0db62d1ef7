import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DashboardReply } from '@sms/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { EmptyState } from '../../../components/empty-state';

/** The latest inbound messages with who sent them and the campaign they answer; links to the inbox. */
export function RecentRepliesCard({ replies }: { replies: DashboardReply[] }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const ability = useAbility();
  const canContacts = ability.can('read', 'Contact');
  const canCampaigns = ability.can('read', 'Campaign');
  return (
    <Card sx={{ height: '100%' }} data-testid="dashboard-replies">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('replies.title')}
          </Typography>
          <Link component={RouterLink} to={paths.chats} variant="body2" data-testid="dashboard-inbox-link">
            {t('replies.openInbox')}
          </Link>
        </Box>
        {replies.length === 0 ? (
          <EmptyState title={t('replies.empty')} testId="dashboard-replies-empty" />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {replies.map((reply) => {
              const who = reply.contact?.name ?? reply.fromPhone;
              return (
                <Box component="li" key={reply.id} data-testid="dashboard-reply" sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2" component="p">
                      {reply.contact && canContacts ? (
                        <Link component={RouterLink} to={paths.contacts.detail(reply.contact.id)}>
                          {who}
                        </Link>
                      ) : (
                        <bdi>{who}</bdi>
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      <time dateTime={reply.receivedAt}>{formatDateTime(reply.receivedAt, language)}</time>
                    </Typography>
                  </Box>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{reply.body}</bdi>
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {reply.campaign ? (
                      <>
                        {t('replies.answers')}{' '}
                        {canCampaigns ? (
                          <Link component={RouterLink} to={paths.campaigns.detail(reply.campaign.id)}>
                            {reply.campaign.name}
                          </Link>
                        ) : (
                          <Link component={RouterLink} to={paths.reports.delivery(reply.campaign.id)}>
                            {reply.campaign.name}
                          </Link>
                        )}
                      </>
                    ) : (
                      t('replies.unmatched')
                    )}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
