import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FollowerStats, FollowerTotals } from '@sms/contracts/followers';
import { useTranslation } from 'react-i18next';

function TotalsCard({ totals, title, testId }: { totals: FollowerTotals; title: string; testId: string }) {
  const { t, i18n } = useTranslation('followers');
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`${testId}-subscribed`}>
          {count.format(totals.subscribed)}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('totals.subscribed')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-unsubscribed`}>
            {t('totals.unsubscribed', { formatted: count.format(totals.unsubscribed) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('totals.subscriptions', { formatted: count.format(totals.subscriptions) })}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Current subscribers, unsubscribes and all subscriptions of the filter: overall and per topic. */
export function FollowerTotalsGrid({ stats }: { stats: FollowerStats }) {
  const { t } = useTranslation('followers');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
        <TotalsCard totals={stats.overall} title={t('totals.overall')} testId="followers-total" />
      </Grid>
      {stats.topics.map((topic) => (
        <Grid key={topic.topic ?? ''} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <TotalsCard totals={topic} title={topic.topic ?? t('noTopic')} testId="followers-topic-total" />
        </Grid>
      ))}
    </Grid>
  );
}
