import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGE_STATUSES, type MessageStatus } from '@sms/contracts/message-statuses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLocalListState } from '../../../lib/list-state/use-list-state';
import { useDeliverySummary } from '../../../api/reports/get-delivery-summary';
import { useRecipients, type RecipientsParams } from '../../../api/reports/get-recipients';
import { DeliveryStatusCards } from '../components/delivery-status-cards';
import { DeliveryTimelineChart } from '../components/delivery-timeline-chart';
import { RecipientsGrid } from '../components/recipients-grid';
import { ReportFrame } from '../components/report-frame';
import { ReportLoadState } from '../components/report-load-state';
import { recipientsList, tableQuery } from '../components/report-tables';
import { SearchField } from '../components/search-field';
import { TopErrors } from '../components/top-errors';

/** /reports/delivery/:campaignId: counts by status, delivery over time, top errors and every recipient. */
export default function DeliveryReport() {
  const { t } = useTranslation(['reports', 'common']);
  const { campaignId = '' } = useParams();
  const summary = useDeliverySummary(campaignId);
  const table = useLocalListState(recipientsList);
  const [statuses, setStatuses] = useState<MessageStatus[]>([]);
  const [errorCode, setErrorCode] = useState('');
  const [search, setSearch] = useState('');
  const filter = {
    ...(statuses.length > 0 ? { status: statuses } : {}),
    ...(errorCode ? { errorCode } : {}),
    ...(search ? { search } : {}),
  };
  const query: RecipientsParams = { ...tableQuery(table.state), ...filter };
  const recipients = useRecipients(campaignId, query, { enabled: summary.isSuccess, live: summary.data?.campaign.status === 'sending' });

  if (!summary.data) return <ReportLoadState error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  const firstPage = (change: () => void) => {
    change();
    table.update({ page: 0 });
  };
  const errorCodes = data.errors.map((error) => error.errorCode);

  return (
    <ReportFrame campaign={data.campaign} kind="delivery" exportParams={filter}>
      <DeliveryStatusCards summary={data} />
      <Grid container spacing={3} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <DeliveryTimelineChart summary={data} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <TopErrors errors={data.errors} selected={errorCode} onSelect={(code) => firstPage(() => setErrorCode(code))} />
        </Grid>
      </Grid>
      <Card component="section" aria-labelledby="recipients-title">
        <Typography id="recipients-title" variant="h6" component="h2" sx={{ px: 2.5, pt: 2.5 }}>
          {t('recipients.title')}
        </Typography>
        <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <SearchField
              label={t('recipients.search')}
              placeholder={t('recipients.searchPlaceholder')}
              value={search}
              onChange={(value) => firstPage(() => setSearch(value))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('recipients.statusFilter')}
              value={statuses}
              onChange={(event) => {
                const value = event.target.value as unknown as MessageStatus[] | string;
                firstPage(() => setStatuses(typeof value === 'string' ? (value.split(',') as MessageStatus[]) : value));
              }}
              slotProps={{
                inputLabel: { shrink: true },
                select: {
                  multiple: true,
                  displayEmpty: true,
                  renderValue: (selected) => {
                    const list = selected as MessageStatus[];
                    return list.length === 0 ? t('recipients.allStatuses') : list.map((status) => t(`messageStatus.${status}`)).join(', ');
                  },
                },
              }}
            >
              {MESSAGE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  <Checkbox
                    size="small"
                    checked={statuses.includes(status)}
                    sx={{ p: 0.5, marginInlineEnd: 1 }}
                    slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } }}
                  />
                  <ListItemText primary={t(`messageStatus.${status}`)} />
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('recipients.errorFilter')}
              value={errorCode}
              onChange={(event) => firstPage(() => setErrorCode(event.target.value))}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              data-testid="error-filter"
            >
              <MenuItem value="">{t('recipients.allErrors')}</MenuItem>
              {(errorCode && !errorCodes.includes(errorCode) ? [errorCode, ...errorCodes] : errorCodes).map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {statuses.length > 0 || errorCode ? (
            <Grid size="auto">
              <Button
                color="inherit"
                onClick={() =>
                  firstPage(() => {
                    setStatuses([]);
                    setErrorCode('');
                  })
                }
              >
                {t('recipients.clearFilters')}
              </Button>
            </Grid>
          ) : null}
        </Grid>
        <Divider />
        <RecipientsGrid label={t('recipients.title')} list={table} query={recipients} />
      </Card>
    </ReportFrame>
  );
}
