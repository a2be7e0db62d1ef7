import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DeliverySummary } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeline, formatBucket } from './report-format';
import { useReportFormat } from './use-report-format';

/** Sent, delivered and failed messages per time bucket (a line each); time runs right to left in RTL. */
export function DeliveryTimelineChart({ summary }: { summary: DeliverySummary }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const format = useReportFormat();
  const line = useMemo(() => buildTimeline(summary.timeline), [summary.timeline]);
  const bucket = summary.bucket;
  const rtl = theme.direction === 'rtl';
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
              height={300}
              xAxis={[{ data: line.dates, scaleType: line.dates.length > 1 ? 'time' : 'point', reverse: rtl, valueFormatter: (value: Date) => formatBucket(value, bucket, format.language) }]}
              yAxis={[{ valueFormatter: (value: number) => format.count(value), width: 48, position: rtl ? 'right' : 'left' }]}
              series={[
                { id: 'sent', label: t('messageStatus.sent'), data: line.sent, color: theme.palette.info.main, showMark: line.dates.length < 30, valueFormatter: (v) => (v === null ? '' : format.count(v)) },
                { id: 'delivered', label: t('messageStatus.delivered'), data: line.delivered, color: theme.palette.success.main, showMark: line.dates.length < 30, valueFormatter: (v) => (v === null ? '' : format.count(v)) },
                { id: 'failed', label: t('messageStatus.failed'), data: line.failed, color: theme.palette.error.main, showMark: line.dates.length < 30, valueFormatter: (v) => (v === null ? '' : format.count(v)) },
              ]}
              skipAnimation
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
