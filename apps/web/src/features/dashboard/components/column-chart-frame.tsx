import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { ChartBar } from './dashboard-figures';

/** The drawn chart's height: its place is kept at this height while its code loads. */
export const COLUMN_CHART_HEIGHT = 200;

/** A chart's figures as a table for screen readers, there before the chart is drawn and with it. */
export function ChartDataTable({
  bars,
  labelOf,
  caption,
  format,
}: {
  bars: ChartBar[];
  labelOf: (key: string) => string;
  caption: string;
  format: (value: number) => string;
}) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{caption}</caption>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row">{labelOf(bar.key)}</th>
            <td>{format(bar.value)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
