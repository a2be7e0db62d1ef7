import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { DeliverySummary } from '@sms/contracts/reports';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenReachable } from '../../../lib/lazy-page';
import { buildTimeline } from './report-format';

/** Its value for the placeholder's height only; the chart's code (MUI X Charts) comes with the lines. */
const TIMELINE_HEIGHT = 300;
/**
 * The lines download when there is a timeline to draw: a campaign with nothing sent yet shows its
 * sentence without the charts' code, and a report with a timeline renders its figures first (issue 37).
 */
const DeliveryTimelineLines = lazyWhenReachable(() =>
  import('./delivery-timeline-lines').then((module) => ({ default: module.DeliveryTimelineLines })),
);

/** Sent, delivered and failed messages per time bucket (a line each); time runs right to left in RTL. */
export function DeliveryTimelineChart({ summary }: { summary: DeliverySummary }) {
  const { t } = useTranslation('reports');
  const bucket = summary.bucket;
  const line = useMemo(() => buildTimeline(summary.timeline, bucket), [summary.timeline, bucket]);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="delivery-timeline-title" variant="h6" component="h2">
          {t('delivery.timeline')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`delivery.bucket.${bucket}`)}
        </Typography>
        {line.dates.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="timeline-empty">
            {t('delivery.timelineEmpty')}
          </Typography>
        ) : (
          <Box component="figure" aria-labelledby="delivery-timeline-title" sx={{ m: 0 }} data-testid="delivery-timeline">
            <Suspense fallback={<Box sx={{ height: TIMELINE_HEIGHT }} />}>
              <DeliveryTimelineLines line={line} bucket={bucket} />
            </Suspense>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
