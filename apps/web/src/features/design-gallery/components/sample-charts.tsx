import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Gauge } from '@mui/x-charts/Gauge';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useLanguage } from '../../../lib/i18n/use-language';
import { sampleSeries } from '../sample-data';
import { lineSeriesConfig } from 'virtual:line-series-config';
import { pieSeriesConfig } from 'virtual:pie-series-config';

const HEIGHT = 260;

/** The sample year's month names and figures in the interface language, and the series' colours from the theme. */
function useSample() {
  const { t } = useTranslation('design-gallery');
  const { language } = useLanguage();
  const theme = useTheme();
  return useMemo(() => {
    const series = sampleSeries();
    const month = new Intl.DateTimeFormat(intlLocale(language), { month: 'short' });
    const months = series.months.map((number) => month.format(new Date(2026, number - 1, 1)));
    const format = new Intl.NumberFormat(intlLocale(language));
    const valueFormatter = (value: number | null) => (value === null ? '' : format.format(value));
    const labels = { sent: t('charts.sent'), delivered: t('charts.delivered'), replies: t('charts.replies') };
    const colors = { sent: theme.palette.primary.main, delivered: theme.palette.secondary.main, replies: theme.palette.warning.main };
    return { series, months, valueFormatter, labels, colors, rtl: theme.direction === 'rtl' };
  }, [language, t, theme]);
}

/** A chart with its caption (the chart's accessible name). */
function Figure({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-labelledby={id} sx={{ m: 0, minWidth: 0 }}>
      {children}
      <Typography component="figcaption" id={id} variant="caption" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}

/** Sent and delivered per month, as lines. */
export function SampleLineChart() {
  const { t } = useTranslation('design-gallery');
  const { series, months, valueFormatter, labels, colors, rtl } = useSample();
  return (
    <Figure id="gallery-line-caption" caption={t('charts.lineCaption')}>
      <LineChart
        seriesConfig={lineSeriesConfig}
        height={HEIGHT}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: months, reverse: rtl }]}
        yAxis={[{ position: rtl ? 'right' : 'left' }]}
        series={[
          { data: series.sent, label: labels.sent, color: colors.sent, valueFormatter },
          { data: series.delivered, label: labels.delivered, color: colors.delivered, valueFormatter },
        ]}
      />
    </Figure>
  );
}

/** Replies per month, as a filled area. */
export function SampleAreaChart() {
  const { t } = useTranslation('design-gallery');
  const { series, months, valueFormatter, labels, colors, rtl } = useSample();
  return (
    <Figure id="gallery-area-caption" caption={t('charts.areaCaption')}>
      <LineChart
        seriesConfig={lineSeriesConfig}
        height={HEIGHT}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: months, reverse: rtl }]}
        yAxis={[{ position: rtl ? 'right' : 'left' }]}
        series={[{ data: series.replies, label: labels.replies, color: colors.sent, area: true, showMark: false, valueFormatter }]}
      />
    </Figure>
  );
}

/** Sent and delivered per month, as columns. */
export function SampleBarChart() {
  const { t } = useTranslation('design-gallery');
  const { series, months, valueFormatter, labels, colors, rtl } = useSample();
  return (
    <Figure id="gallery-bar-caption" caption={t('charts.barCaption')}>
      <BarChart
        height={HEIGHT}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: months, reverse: rtl }]}
        yAxis={[{ position: rtl ? 'right' : 'left' }]}
        series={[
          { data: series.sent, label: labels.sent, color: colors.sent, valueFormatter },
          { data: series.delivered, label: labels.delivered, color: colors.delivered, valueFormatter },
        ]}
      />
    </Figure>
  );
}

/** The year's messages by outcome, as a doughnut. */
export function SamplePieChart() {
  const { t } = useTranslation('design-gallery');
  const { series, valueFormatter, colors } = useSample();
  const theme = useTheme();
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const delivered = sum(series.delivered);
  const data = [
    { id: 'replied', value: sum(series.replies), label: t('charts.replies'), color: colors.replies },
    { id: 'delivered', value: delivered - sum(series.replies), label: t('charts.deliveredNoReply'), color: colors.sent },
    { id: 'failed', value: sum(series.sent) - delivered, label: t('charts.failed'), color: theme.palette.error.main },
  ];
  return (
    <Figure id="gallery-pie-caption" caption={t('charts.pieCaption')}>
      <PieChart
        seriesConfig={pieSeriesConfig}
        height={HEIGHT}
        skipAnimation
        series={[{ data, innerRadius: 60, paddingAngle: 2, cornerRadius: 4, valueFormatter: (item) => valueFormatter(item.value) }]}
      />
    </Figure>
  );
}

/** This month's delivery rate, as a gauge. */
export function SampleGauge() {
  const { t } = useTranslation('design-gallery');
  const { series } = useSample();
  const { language } = useLanguage();
  const theme = useTheme();
  const rate = Math.round((series.delivered[11]! / series.sent[11]!) * 100);
  const percent = new Intl.NumberFormat(intlLocale(language), { style: 'percent' }).format(rate / 100);
  return (
    <Figure id="gallery-gauge-caption" caption={t('charts.gaugeCaption', { rate: percent })}>
      <Gauge
        height={HEIGHT}
        value={rate}
        startAngle={-110}
        endAngle={110}
        innerRadius="75%"
        text={percent}
        aria-label={t('charts.gaugeCaption', { rate: percent })}
        sx={{ '& .MuiGauge-valueArc': { fill: theme.palette.primary.main } }}
      />
    </Figure>
  );
}
