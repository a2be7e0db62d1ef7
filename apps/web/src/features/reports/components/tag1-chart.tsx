import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Tag1Report } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { buildTag1Stacks, formatWordsBreakdown, NOT_REPLIED_SERIES, OTHER_SERIES, tag1Label } from './report-format';
import { visuallyHidden } from '../../../components/visually-hidden';
import { X_AXIS_HEIGHT } from '../../../lib/chart-axis';
import { replyWordColors } from './reply-word-colors';
import { useReportFormat } from './use-report-format';

/**
 * Replies by word and the silent recipients, stacked per tag1 group; a bar opens its recipients.
 * Mirrors itself in RTL: the first group and the value axis sit on the right (the groups are
 * drawn in reverse order, as the dashboard's column chart does, so arrow keys move as they point).
 */
export function Tag1Chart({ report, onOpen }: { report: Tag1Report; onOpen: (tag1: string, seriesId: string) => void }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const format = useReportFormat();
  const rtl = theme.direction === 'rtl';
  const stacks = useMemo(() => buildTag1Stacks(report.groups), [report.groups]);
  const inOrder = <T,>(items: T[]) => (rtl ? [...items].reverse() : items);
  const drawnCategories = inOrder(stacks.categories);
  const wordColors = replyWordColors(
    stacks.series.map((entry) => entry.id).filter((id) => id !== NOT_REPLIED_SERIES && id !== OTHER_SERIES),
  );
  const series = stacks.series.map((entry) => ({
    id: entry.id,
    data: inOrder(entry.data),
    stack: 'total',
    label: entry.id === NOT_REPLIED_SERIES ? t('fields.notReplied') : entry.id === OTHER_SERIES ? t('tag1.other') : entry.id,
    color:
      entry.id === NOT_REPLIED_SERIES
        ? theme.palette.grey[400]
        : entry.id === OTHER_SERIES
          ? theme.palette.grey[600]
          : (wordColors.get(entry.id) ?? theme.palette.info.main),
    valueFormatter: (value: number | null) => (value === null ? '' : format.count(value)),
  }));
  const categories = drawnCategories.map((tag1) => tag1Label(tag1, t('none')));
  return (
    <Box component="figure" aria-labelledby="tag1-chart-title" sx={{ m: 0, position: 'relative' }} data-testid="tag1-chart">
      <BarChart
        height={Math.max(260, Math.min(480, 120 + categories.length * 28))}
        xAxis={[{ scaleType: 'band', data: categories, height: X_AXIS_HEIGHT }]}
        yAxis={[{ valueFormatter: (value: number) => format.count(value), width: 48, position: rtl ? 'right' : 'left' }]}
        series={series}
        onItemClick={(_event, item) => {
          const tag1 = drawnCategories[item.dataIndex];
          if (tag1 !== undefined) onOpen(tag1, String(item.seriesId));
        }}
        skipAnimation
      />
      {/* The bars in words, for screen readers. */}
      <Box component="figcaption" sx={visuallyHidden}>
        <ul>
          {report.groups.map((group) => (
            <li key={group.tag1}>
              {tag1Label(group.tag1, t('none'))}:{' '}
              {[formatWordsBreakdown(group, format.count, t('tag1.other')), `${t('fields.notReplied')} ${format.count(group.notReplied)}`]
                .filter(Boolean)
                .join(' · ')}
            </li>
          ))}
        </ul>
      </Box>
    </Box>
  );
}
