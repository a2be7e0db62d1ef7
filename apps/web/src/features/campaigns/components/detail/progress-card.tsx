import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampaignProgress } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/date-time';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { useReasonTexts } from '../../../../lib/messaging/reason-text';
import { ScheduledTime } from '../../../../components/scheduled-time';
import { processedCount, progressPercent } from '../campaign-figures';
import { CampaignStatusChip } from '../campaign-status-chip';
import { RecentErrors } from './recent-errors';
import { ReplyFigures } from './reply-figures';
import { StatusBar } from './status-bar';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/**
 * Live progress: status and its reason (or that it waits for its gateway's link), share processed,
 * counts by status, replies and response rate, rate (the average once finished), ETA and recent
 * errors; before sending starts, when it is scheduled for instead.
 */
export function ProgressCard({
  progress,
  gatewayName,
  waitingFor = null,
}: {
  progress: CampaignProgress;
  gatewayName: string | null;
  /** Not started yet (decision 084): "Scheduled for …" instead of figures it does not have. */
  waitingFor?: { scheduledAt: string | null; timeZone: string } | null;
}) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const reasons = useReasonTexts();
  const live = progress.status === 'sending';
  const waiting = live ? progress.gatewayDown : null;
  return (
    <Card data-testid="campaign-progress">
      <CardContent>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('detail.progress')}
            </Typography>
            <CampaignStatusChip status={progress.status} size="medium" />
          </Box>
          {progress.statusReason ? (
            <Alert
              severity={progress.status === 'failed' ? 'error' : 'warning'}
              data-testid="campaign-status-reason"
              data-code={progress.statusReason.code}
            >
              {reasons.statusReason(progress.statusReason)}
            </Alert>
          ) : null}
          {waitingFor ? (
            <Box data-testid="campaign-scheduled">
              <Typography sx={{ fontWeight: 600 }}>
                <ScheduledTime value={waitingFor.scheduledAt} timeZone={waitingFor.timeZone} scheduledFor />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('detail.scheduledHint')}
              </Typography>
            </Box>
          ) : null}
          {waiting ? (
            <Alert severity="warning" data-testid="campaign-gateway-waiting">
              {t('detail.waitingForGateway', {
                name: gatewayName ?? t('detail.defaultGateway'),
                reason: waiting.reason ?? '',
                since: formatDateTime(waiting.since, language) ?? '',
              })}
            </Alert>
          ) : null}
          {!progress.audienceReady && progress.status === 'sending' ? <Alert severity="info">{t('detail.preparing')}</Alert> : null}
          {waitingFor ? null : <Figures progress={progress} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What a campaign that started sending has to show: share processed, counts, replies, rate, ETA, errors. */
function Figures({ progress }: { progress: CampaignProgress }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const rate = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });
  const percent = progressPercent(progress.counts);
  const live = progress.status === 'sending';
  return (
    <>
      <Box role="status" aria-live="polite">
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
          <Typography variant="body2" data-testid="campaign-processed">
            {t('detail.processed', {
              done: number.format(processedCount(progress.counts)),
              total: number.format(progress.counts.total),
            })}
          </Typography>
          {percent !== null ? (
            <Typography variant="body2">
              {new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100)}
            </Typography>
          ) : null}
        </Box>
        <LinearProgress
          variant={percent === null && live ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
          aria-label={t('detail.progress')}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      <StatusBar counts={progress.counts} />
      <ReplyFigures figures={progress.replies} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        {progress.averageRatePerSecond !== null && !live ? (
          <Typography variant="body2" data-testid="campaign-average-rate">
            {t('detail.averageRate', { count: progress.averageRatePerSecond, rate: rate.format(progress.averageRatePerSecond) })}
          </Typography>
        ) : (
          <Typography variant="body2" data-testid="campaign-rate">
            {t('detail.rate', { count: progress.ratePerSecond, rate: rate.format(progress.ratePerSecond) })}
          </Typography>
        )}
        {progress.eta && live ? (
          <Typography variant="body2" data-testid="campaign-eta">
            {t('detail.eta', { time: formatDateTime(progress.eta, language) ?? '' })}
          </Typography>
        ) : null}
      </Stack>
      <RecentErrors errors={progress.recentErrors} />
    </>
  );
}
