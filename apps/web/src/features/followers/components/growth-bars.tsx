import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import type { GrowthSeries } from './growth-series';

const HEIGHT = 280;

/** Subscribes and unsubscribes per day as columns (MUI X Charts, its own file: downloaded only when there is something to draw). */
export function GrowthBars({ series }: { series: GrowthSeries }) {
  const { t, i18n } = useTranslation('followers');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const count = new Intl.NumberFormat(i18n.language);
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <BarChart
      height={HEIGHT}
      skipAnimation
      margin={{ top: 8, bottom: 0, left: 4, right: 4 }}
      xAxis={[
        {
          scaleType: 'band',
          data: series.days,
          reverse: rtl,
          height: X_AXIS_HEIGHT,
          tickLabelStyle: { fontSize: 11 },
          valueFormatter: (day: string) => dayLabel(day),
        },
      ]}
      yAxis={[
        { min: 0, tickMinStep: 1, width: 40, position: rtl ? 'right' : 'left', valueFormatter: (value: number) => count.format(value) },
      ]}
      series={[
        { id: 'subscribes', label: t('chart.subscribes'), data: series.subscribes, color: theme.palette.success.main },
        { id: 'unsubscribes', label: t('chart.unsubscribes'), data: series.unsubscribes, color: theme.palette.error.main },
      ]}
    />
  );
}
