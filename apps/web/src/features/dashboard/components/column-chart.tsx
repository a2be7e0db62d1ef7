import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { paletteColor } from '../../../components/palette-color';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import { ChartDataTable, COLUMN_CHART_HEIGHT } from './column-chart-frame';
import { niceMax, valueTicks, type ChartBar } from './dashboard-figures';

export interface ColumnChartProps {
  bars: ChartBar[];
  /** The full name of a column (data table, tooltip). */
  labelOf: (key: string) => string;
  /** The short name under a column; the full name when omitted. */
  tickOf?: (key: string) => string;
  /** Which columns get a name under them (dense series); all (as space allows) when omitted. */
  showTick?: (index: number) => boolean;
  caption: string;
  format: (value: number) => string;
  testId: string;
}

/**
 * A column chart (MUI X Charts) with one colour per column, whole-number value ticks from 0, and a
 * data table for screen readers. The chart keeps its keyboard navigation (Tab in, arrows from column
 * to column, with the tooltip), announcing "label: value" in the interface language (the charts
 * ship no Arabic or Chinese texts, so the description is built from our own labels). Mirrors
 * itself in RTL: the first column and the value axis sit on the right.
 */
export function ColumnChart({ bars, labelOf, tickOf, showTick, caption, format, testId }: ColumnChartProps) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  // RTL draws the columns in reverse order rather than reversing the axis, so that the arrow keys
  // move the way they point and the tick labels' overlap check works (it assumes left to right).
  const drawn = rtl ? [...bars].reverse() : bars;
  const keys = drawn.map((bar) => bar.key);
  const values = drawn.map((bar) => bar.value);
  const colors = drawn.map((bar) => paletteColor(theme, bar.color));
  const ticked = showTick ? new Set(bars.filter((_, index) => showTick(index)).map((bar) => bar.key)) : null;
  const top = niceMax(Math.max(0, ...values));
  const end = ticked ? 28 : 4;
  return (
    <Box component="figure" sx={{ m: 0, position: 'relative' }} data-testid={testId}>
      <BarChart
        height={COLUMN_CHART_HEIGHT}
        localeText={{ barDescription: ({ formattedCategoryValue, formattedValue }) => `${formattedCategoryValue}: ${formattedValue}` }}
        // Sparse labels: room past the last column for its label (centred under it); the value axis side has its own.
        margin={{ top: 8, bottom: 0, left: rtl ? end : 4, right: rtl ? 4 : end }}
        hideLegend
        skipAnimation
        xAxis={[
          {
            scaleType: 'band',
            data: keys,
            tickLabelStyle: { fontSize: 11 },
            tickLabelMinGap: 2,
            height: X_AXIS_HEIGHT,
            valueFormatter: (key: string, context) => (context.location === 'tick' && tickOf ? tickOf(key) : labelOf(key)),
            // Label the chosen columns only (tickLabelInterval counts the ticks left, not the columns).
            ...(ticked ? { tickInterval: (key: string) => ticked.has(key), tickLabelInterval: (key: string) => ticked.has(key) } : {}),
          },
        ]}
        yAxis={[
          {
            min: 0,
            max: top,
            tickInterval: valueTicks(top),
            valueFormatter: (value: number) => format(value),
            width: 44,
            position: rtl ? 'right' : 'left',
          },
        ]}
        series={[
          {
            type: 'bar',
            data: values,
            color: colors[0] ?? theme.palette.primary.main,
            colorGetter: ({ dataIndex }) => colors[dataIndex] ?? theme.palette.primary.main,
            valueFormatter: (value: number | null) => (value === null ? '' : format(value)),
          },
        ]}
      />
      <ChartDataTable bars={bars} labelOf={labelOf} caption={caption} format={format} />
    </Box>
  );
}
