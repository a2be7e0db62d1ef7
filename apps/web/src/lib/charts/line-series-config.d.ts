/** The line chart's series config, which the bar charts' defaults leave out (vite.config.ts, decision 068). */
declare module 'virtual:line-series-config' {
  import type { LineChartProps } from '@mui/x-charts/LineChart';

  export const lineSeriesConfig: NonNullable<LineChartProps['seriesConfig']>;
}

/** The pie chart's series config, likewise left out (the design gallery's doughnut passes it). */
declare module 'virtual:pie-series-config' {
  import type { PieChartProps } from '@mui/x-charts/PieChart';

  export const pieSeriesConfig: NonNullable<PieChartProps['seriesConfig']>;
}
