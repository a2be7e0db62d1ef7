import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Tag1Report } from '@sms/contracts/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTag1Stacks, NOT_REPLIED_SERIES, OTHER_SERIES, tag1Label } from './report-format';
import { useReportFormat } from './use-report-format';

/** Replies by word and the silent recipients, stacked per tag1 group; a bar opens its recipients. */
export function Tag1Chart({ report, onOpen }: { report: Tag1Report; onOpen: (tag1: string, seriesId: string) => void }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const format = useReportFormat();
  const stacks = useMemo(() => buildTag1Stacks(report.groups), [report.groups]);
  const palette = [theme.palette.success.main, theme.palette.error.main, theme.palette.primary.main, theme.palette.warning.main, theme.palette.info.main, theme.palette.secondary.main];
  const series = stacks.series.map((entry, index) => ({
    id: entry.id,
    data: entry.data,
    stack: 'total',
    label: entry.id === NOT_REPLIED_SERIES ? t('fields.notReplied') : entry.id === OTHER_SERIES ? t('tag1.other') : entry.id,
    color: entry.id === NOT_REPLIED_SERIES ? theme.palette.grey[400] : entry.id === OTHER_SERIES ? theme.palette.grey[600] : palette[index % palette.length],
    valueFormatter: (value: number | null) => (value === null ? '' : format.count(value)),
  }));
  const categories = stacks.categories.map((tag1) => tag1Label(tag1, t('none')));
  return (
    <figure aria-labelledby="tag1-chart-title" style={{ margin: 0 }} data-testid="tag1-chart">
      <BarChart
        height={Math.max(260, Math.min(480, 120 + categories.length * 28))}
        xAxis={[{ scaleType: 'band', data: categories }]}
        yAxis={[{ valueFormatter: (value: number) => format.count(value), width: 48 }]}
        series={series}
        onItemClick={(_event, item) => {
          const tag1 = stacks.categories[item.dataIndex];
          if (tag1 !== undefined) onOpen(tag1, String(item.seriesId));
        }}
        skipAnimation
      />
    </figure>
  );
}
