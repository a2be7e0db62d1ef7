import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DashboardCampaign } from '@sms/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { statusColors } from '../../../components/campaign-status-tone';
import { ScheduledTime } from '../../../components/scheduled-time';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useReasonTexts } from '../../../lib/messaging/reason-text';
import { processed, progressOf } from './dashboard-figures';
import { intlLocale } from '../../../lib/i18n/intl-locale';

export interface CampaignsCardProps {
  title: string;
  campaigns: DashboardCampaign[];
  total: number;
  empty: string;
  /** Where a campaign's name links (its page, or its report for roles that only read reports); null: no link (no report yet). */
  linkOf: (campaign: DashboardCampaign) => string | null;
  /** "See all" link target. */
  allTo: string;
  allLabel: string;
  testId: string;
  live?: boolean;
}

/** Active or scheduled campaigns: name, status, progress (live) or the time it will start, and why one waits or paused. */
export function CampaignsCard({ title, campaigns, total, empty, linkOf, allTo, allLabel, testId, live }: CampaignsCardProps) {
  const { t } = useTranslation(['dashboard', 'statuses']);
  const { language } = useLanguage();
  const reasons = useReasonTexts();
  const number = new Intl.NumberFormat(intlLocale(language));
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}{' '}
            <Typography component="span" color="text.secondary">
              ({number.format(total)})
            </Typography>
          </Typography>
          <Link component={RouterLink} to={allTo} variant="body2">
            {allLabel}
          </Link>
        </Box>
        {campaigns.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {campaigns.map((campaign) => {
              const percent = progressOf(campaign.counts);
              const colors = statusColors(campaign.status);
              const link = linkOf(campaign);
              return (
                <Box component="li" key={campaign.id} data-testid="dashboard-campaign" data-campaign-id={campaign.id}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                    {link ? (
                      <Link
                        component={RouterLink}
                        to={link}
                        sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {campaign.name}
                      </Link>
                    ) : (
                      <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {campaign.name}
                      </Typography>
                    )}
                    <Chip
                      size="small"
                      label={t(`statuses:campaign.${campaign.status}`)}
                      sx={{ bgcolor: colors.bgcolor, color: colors.color, fontWeight: 600 }}
                    />
                  </Box>
                  {live ? (
                    percent === null ? (
                      <Typography variant="caption" color="text.secondary">
                        {t('campaigns.preparing')}
                      </Typography>
                    ) : (
                      <>
                        <LinearProgress
                          variant="determinate"
                          value={percent}
                          sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
                          aria-label={t('campaigns.progress', {
                            name: campaign.name,
                            done: number.format(processed(campaign.counts)),
                            total: number.format(campaign.counts.total),
                          })}
                        />
                        <Typography variant="caption" color="text.secondary">
                          {t('campaigns.progressShort', {
                            done: number.format(processed(campaign.counts)),
                            total: number.format(campaign.counts.total),
                            delivered: number.format(campaign.counts.delivered),
                          })}
                        </Typography>
                      </>
                    )
                  ) : (
                    <Typography variant="caption" color="text.secondary" component="p" data-testid="dashboard-campaign-when">
                      <ScheduledTime value={campaign.scheduledAt} timeZone={campaign.timeZone} scheduledFor />
                    </Typography>
                  )}
                  {campaign.statusReason ? (
                    <Typography variant="caption" color="text.secondary" component="p" data-testid="dashboard-campaign-reason">
                      {reasons.statusReason(campaign.statusReason)}
                    </Typography>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
