import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FollowerDay } from '@sms/contracts/followers';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenReachable } from '../../../lib/lazy-page';
import { growthSeries } from './growth-series';

/** The chart's code (MUI X Charts) downloads only when there are days to draw. */
const GrowthBars = lazyWhenReachable(() => import('./growth-bars').then((module) => ({ default: module.GrowthBars })));

/** The growth chart of the filter: subscribes and unsubscribes per day (UTC), with a table of the same figures for screen readers. */
export function GrowthChart({ days, topic }: { days: readonly FollowerDay[]; topic: string | undefined }) {
  const { t } = useTranslation('followers');
  const series = useMemo(() => growthSeries(days), [days]);
  return (
    <Card>
      <CardContent>
        <Typography id="followers-growth-title" variant="h6" component="h2">
          {t('chart.title', { topic: topic ?? t('filters.allTopics') })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('chart.description')}
        </Typography>
        {series.days.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="followers-chart-empty">
            {t('chart.empty')}
          </Typography>
        ) : (
          <Box
            component="figure"
            aria-labelledby="followers-growth-title"
            sx={{ m: 0, position: 'relative' }}
            data-testid="followers-chart"
          >
            <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
              <GrowthBars series={series} />
            </Suspense>
            <Box sx={visuallyHidden}>
              <table data-testid="followers-chart-table">
                <caption>{t('chart.tableCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('chart.day')}</th>
                    <th scope="col">{t('chart.subscribes')}</th>
                    <th scope="col">{t('chart.unsubscribes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {series.days.map((day, index) =>
                    series.subscribes[index] || series.unsubscribes[index] ? (
                      <tr key={day}>
                        <th scope="row">{day}</th>
                        <td>{series.subscribes[index]}</td>
                        <td>{series.unsubscribes[index]}</td>
                      </tr>
                    ) : null,
                  )}
                </tbody>
              </table>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
