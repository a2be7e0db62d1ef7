import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketReport } from '@sms/contracts/tickets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadOrRetry } from '../../../components/retry-alert';
import { useTicketReport } from '../../../api/tickets/get-ticket-report';
import { formatDuration } from './format-duration';

const PERIODS = [7, 30, 90] as const;
type Row = TicketReport['overall'] & { key: string; name: string };

function FiguresTable({ caption, heading, rows, testId }: { caption: string; heading: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation('tickets');
  const figure = (value: number | null) => (value === null ? t('report.none') : formatDuration(value, t));
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{heading}</TableCell>
            <TableCell align="right">{t('report.firstResponse')}</TableCell>
            <TableCell align="right">{t('report.conversations')}</TableCell>
            <TableCell align="right">{t('report.resolution')}</TableCell>
            <TableCell align="right">{t('report.conversations')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-key={row.key}>
              <TableCell component="th" scope="row">
                {row.name}
              </TableCell>
              <TableCell align="right" data-testid="first-response">
                {figure(row.firstResponse.medianSeconds)}
              </TableCell>
              <TableCell align="right">{row.firstResponse.count}</TableCell>
              <TableCell align="right" data-testid="resolution">
                {figure(row.resolution.medianSeconds)}
              </TableCell>
              <TableCell align="right">{row.resolution.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The tickets report: median first response and resolution times, overall, per agent and per label. */
export function TicketReportCard() {
  const { t } = useTranslation('tickets');
  const [days, setDays] = useState<number>(30);
  const query = useTicketReport(days);
  const report = query.data;
  const empty = report ? report.overall.firstResponse.count === 0 && report.overall.resolution.count === 0 : false;
  return (
    <Card sx={{ mt: 3 }} component="section" aria-labelledby="ticket-report-title" data-testid="ticket-report">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 2, mb: 2 }}
        >
          <div>
            <Typography variant="h6" component="h2" id="ticket-report-title">
              {t('report.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('report.description')}
            </Typography>
          </div>
          <TextField
            select
            size="small"
            label={t('report.period')}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            sx={{ minWidth: 160, flexShrink: 0 }}
          >
            {PERIODS.map((period) => (
              <MenuItem key={period} value={period}>
                {t('report.days', { days: period })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <LoadOrRetry query={query}>
          {!report ? null : empty ? (
            <EmptyState title={t('report.empty')} testId="ticket-report-empty" />
          ) : (
            <Stack spacing={3}>
              <FiguresTable
                caption={t('report.byAgent')}
                heading={t('report.agent')}
                testId="report-by-agent"
                rows={[
                  { key: 'all', name: t('report.overall'), ...report.overall },
                  ...report.byAgent.map((row) => ({
                    key: row.userId ?? 'none',
                    name: row.name ?? t('report.unassigned'),
                    firstResponse: row.firstResponse,
                    resolution: row.resolution,
                  })),
                ]}
              />
              {report.byLabel.length > 0 ? (
                <FiguresTable
                  caption={t('report.byLabel')}
                  heading={t('report.label')}
                  testId="report-by-label"
                  rows={report.byLabel.map((row) => ({
                    key: row.label,
                    name: row.label,
                    firstResponse: row.firstResponse,
                    resolution: row.resolution,
                  }))}
                />
              ) : null}
            </Stack>
          )}
        </LoadOrRetry>
      </CardContent>
    </Card>
  );
}
