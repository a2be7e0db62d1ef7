import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { TIMELINE_BUCKET_MS } from '@sms/contracts/report-fields';
import type { DeliverySummary } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import { buildTimeline, formatBucket } from './report-format';
import { useReportFormat } from './use-report-format';
import { lineSeriesConfig } from 'virtual:line-series-config';

const FAR_EDGE = 44;
const SERIES_COLOR = { sent: 'info', delivered: 'success', failed: 'error' } as const;

/** Sent, delivered and failed messages per time bucket (a line each); time runs right to left in RTL. */
export function DeliveryTimelineChart({ summary }: { summary: DeliverySummary }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const format = useReportFormat();
  const bucket = summary.bucket;
  const line = useMemo(() => buildTimeline(summary.timeline, bucket), [summary.timeline, bucket]);
  const rtl = theme.direction === 'rtl';
  // The last time label is centred on the plot's far edge: room for half of it (e.g. "Nov 26, 2026").
  const margin = { left: rtl ? FAR_EDGE : 20, right: rtl ? 20 : FAR_EDGE };
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
            <LineChart
              // Its own kind's config: the charts' defaults are the bar chart's (decision 068).
              seriesConfig={lineSeriesConfig}
              height={300}
              margin={margin}
              xAxis={[
                {
                  data: line.dates,
                  scaleType: line.dates.length > 1 ? 'time' : 'point',
                  reverse: rtl,
                  height: X_AXIS_HEIGHT,
                  // No tick between two bucket starts: its label would repeat its neighbour's ("2 PM", "2 PM").
                  tickMinStep: TIMELINE_BUCKET_MS[bucket],
                  valueFormatter: (value: Date) => formatBucket(value, bucket, format.language),
                },
              ]}
              // Counts: whole-number ticks only.
              yAxis={[
                { valueFormatter: (value: number) => format.count(value), tickMinStep: 1, width: 48, position: rtl ? 'right' : 'left' },
              ]}
              series={(['sent', 'delivered', 'failed'] as const).map((key) => ({
                id: key,
                label: t(`messageStatus.${key}`),
                data: line[key],
                color: theme.palette[SERIES_COLOR[key]].main,
                // Straight segments: a smoothed count would suggest values between buckets.
                curve: 'linear' as const,
                showMark: line.dates.length < 30,
                valueFormatter: (v: number | null) => (v === null ? '' : format.count(v)),
              }))}
              skipAnimation
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
