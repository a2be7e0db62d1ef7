import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { UsageBucket, UsagePeriod } from '@sms/contracts/usage';
import { useTranslation } from 'react-i18next';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import { formatMoney } from '../../../lib/money';
import { bucketLabel } from './bucket-label';

/** Spend per period as columns (MUI X Charts, its own file: downloaded only when there is something to draw). */
export function SpendBars({ series, period, currency }: { series: UsageBucket[]; period: UsagePeriod; currency: string }) {
  const { t, i18n } = useTranslation('spend');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  return (
    <BarChart
      height={280}
      skipAnimation
      margin={{ top: 8, bottom: 0, left: 4, right: 4 }}
      xAxis={[
        {
          scaleType: 'band',
          data: series.map((bucket) => bucket.bucket),
          reverse: rtl,
          height: X_AXIS_HEIGHT,
          tickLabelStyle: { fontSize: 11 },
          valueFormatter: (bucket: string) => bucketLabel(bucket, period, i18n.language),
        },
      ]}
      yAxis={[
        {
          min: 0,
          width: 64,
          position: rtl ? 'right' : 'left',
          valueFormatter: (value: number) => formatMoney(value, currency, i18n.language),
        },
      ]}
      series={[
        {
          id: 'amount',
          label: t('chart.spend'),
          data: series.map((bucket) => bucket.amount),
          color: theme.palette.primary.main,
          valueFormatter: (value) => formatMoney(value ?? 0, currency, i18n.language),
        },
      ]}
    />
  );
}
