import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UsageResponse } from '@sms/contracts/usage';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { lazyWhenReachable } from '../../../lib/lazy-page';
import { formatMoney } from '../../../lib/money';
import { bucketLabel } from './bucket-label';

const SpendBars = lazyWhenReachable(() => import('./spend-bars').then((module) => ({ default: module.SpendBars })));

const COLUMNS = ['messages', 'parts', 'delivered', 'replied', 'optedOut'] as const;

/** Spend per day, week or month (chart) and every figure per period (table, newest first; empty periods left out). */
export function UsageSeries({ usage }: { usage: UsageResponse }) {
  const { t, i18n } = useTranslation('spend');
  const count = new Intl.NumberFormat(intlLocale(i18n.language));
  const rows = usage.series.filter((bucket) => bucket.messages > 0).reverse();
  return (
    <Card>
      <CardContent>
        <Typography id="spend-chart-title" variant="h6" component="h2">
          {t(`chart.title.${usage.period}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('chart.description', { timeZone: usage.timeZone })}
        </Typography>
        {usage.total.messages > 0 ? (
          <Box component="figure" aria-labelledby="spend-chart-title" sx={{ m: 0 }} data-testid="spend-chart">
            <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
              <SpendBars series={usage.series} period={usage.period} currency={usage.currency} />
            </Suspense>
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="spend-empty">
            {t('chart.empty')}
          </Typography>
        )}
        {rows.length > 0 ? (
          <TableContainer sx={{ mt: 2 }}>
            <Table size="small" data-testid="usage-table">
              <caption>{t('table.caption')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t(`table.period.${usage.period}`)}
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} component="th" scope="col" align="right">
                      {t(`figures.${column}`)}
                    </TableCell>
                  ))}
                  <TableCell component="th" scope="col" align="right">
                    {t('figures.amount')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((bucket) => (
                  <TableRow key={bucket.bucket}>
                    <TableCell component="th" scope="row">
                      {bucketLabel(bucket.bucket, usage.period, i18n.language)}
                    </TableCell>
                    {COLUMNS.map((column) => (
                      <TableCell key={column} align="right">
                        {count.format(bucket[column])}
                      </TableCell>
                    ))}
                    <TableCell align="right">{formatMoney(bucket.amount, usage.currency, i18n.language)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
}
