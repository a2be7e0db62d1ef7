/** The line chart's series config, which the bar charts' defaults leave out (vite.config.ts, decision 068). */
declare module 'virtual:line-series-config' {
  import type { LineChartProps } from '@mui/x-charts/LineChart';

  export const lineSeriesConfig: NonNullable<LineChartProps['seriesConfig']>;
}
