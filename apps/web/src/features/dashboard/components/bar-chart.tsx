import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { paletteColor } from '../../../components/palette-color';
import { scaleBars } from './dashboard-figures';
import { visuallyHidden } from '../../../components/visually-hidden';

export interface Bar {
  key: string;
  label: string;
  /** Short label under the bar (dense series pass `axisLabels` to the chart instead). */
  tick?: string;
  value: number;
  /** Theme palette path such as 'success.main'. */
  color: string;
}


const HEIGHT = 160;
const AXIS = 40;

/**
 * A small column chart drawn in SVG (no chart library): the bars, the top of the value axis, and a
 * data table for screen readers (the drawing itself is hidden from them). Mirrors itself in RTL.
 */
export function BarChart({ bars, caption, format, testId, axisLabels }: { bars: Bar[]; caption: string; format: (value: number) => string; testId: string; axisLabels?: string[] }) {
  const theme = useTheme();
  const { max, heights } = scaleBars(bars.map((bar) => bar.value), HEIGHT);
  const slot = 100 / Math.max(1, bars.length);
  const hasTicks = bars.some((bar) => bar.tick);
  const rtl = theme.direction === 'rtl';
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }} aria-hidden>
        <Box sx={{ width: AXIS, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', textAlign: 'end', fontSize: 11, color: 'text.secondary', height: HEIGHT }}>
          <span>{format(max)}</span>
          <span>{format(0)}</span>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <svg width="100%" height={HEIGHT} viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" style={{ display: 'block', transform: rtl ? 'scaleX(-1)' : undefined }}>
            <line x1="0" x2="100" y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={theme.palette.divider} strokeWidth="1" vectorEffect="non-scaling-stroke" />
            {bars.map((bar, i) => (
              <rect key={bar.key} x={i * slot + slot * 0.15} width={slot * 0.7} y={HEIGHT - (heights[i] ?? 0)} height={heights[i] ?? 0} fill={paletteColor(theme, bar.color)} rx="0.5">
                <title>{`${bar.label}: ${format(bar.value)}`}</title>
              </rect>
            ))}
          </svg>
          {axisLabels ? (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 11, color: 'text.secondary', mt: 0.5 }}>
              {axisLabels.map((label, i) => (
                <span key={i}>{label}</span>
              ))}
            </Box>
          ) : hasTicks ? (
            <Box sx={{ display: 'flex', fontSize: 11, color: 'text.secondary', mt: 0.5 }}>
              {bars.map((bar) => (
                <Box key={bar.key} sx={{ flex: 1, textAlign: 'center', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {bar.tick ?? ''}
                </Box>
              ))}
            </Box>
          ) : null}
        </Box>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{caption}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
