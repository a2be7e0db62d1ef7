import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { TIMELINE_BUCKET_MS } from '@sms/contracts/report-fields';
import type { DeliverySummary } from '@sms/contracts/reports';
import { useTranslation } from 'react-i18next';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import { formatBucket, type buildTimeline } from './report-format';
import { useReportFormat } from './use-report-format';
import { lineSeriesConfig } from 'virtual:line-series-config';

const FAR_EDGE = 44;
const SERIES_COLOR = { sent: 'info', delivered: 'success', failed: 'error' } as const;
const TIMELINE_HEIGHT = 300;

/** The delivery timeline's lines (MUI X Charts, its own file: downloaded only when there is a timeline to draw). */
export function DeliveryTimelineLines({ line, bucket }: { line: ReturnType<typeof buildTimeline>; bucket: DeliverySummary['bucket'] }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const format = useReportFormat();
  const rtl = theme.direction === 'rtl';
  // The last time label is centred on the plot's far edge: room for half of it (e.g. "Nov 26, 2026").
  const margin = { left: rtl ? FAR_EDGE : 20, right: rtl ? 20 : FAR_EDGE };
  return (
    <LineChart
      // Its own kind's config: the charts' defaults are the bar chart's (decision 068).
      seriesConfig={lineSeriesConfig}
      height={TIMELINE_HEIGHT}
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
      yAxis={[{ valueFormatter: (value: number) => format.count(value), tickMinStep: 1, width: 48, position: rtl ? 'right' : 'left' }]}
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
  );
}
