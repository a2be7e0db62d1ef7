import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@sms/contracts/campaigns';
import type { ReportCampaignsQuery } from '@sms/contracts/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useReportCampaigns } from '../api/get-report-campaigns';
import { ExportButtons } from '../components/export-buttons';
import { ReportLoadState } from '../components/report-load-state';
import { ReportsGrid, type ReportsListState } from '../components/reports-grid';
import { SearchField } from '../components/search-field';

/** Statuses a launched campaign can have (drafts never appear in reports). */
const REPORT_STATUSES = CAMPAIGN_STATUSES.filter((status) => status !== 'draft');

/** /reports: every launched campaign with delivery, reply and opt-out figures, and links to its three reports. */
export default function ReportsList() {
  const { t } = useTranslation(['reports', 'common']);
  const [grid, setGrid] = useState<ReportsListState>({ page: 0, pageSize: 25, sort: 'launchedAt', order: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const filter = { ...(search ? { search } : {}), ...(status ? { status } : {}) };
  const query: ReportCampaignsQuery = { limit: grid.pageSize, skip: grid.page * grid.pageSize, sort: grid.sort, order: grid.order, ...filter };
  const result = useReportCampaigns(query);

  if (result.error instanceof ApiError && result.error.status === 403) return <ReportLoadState error={result.error} onRetry={() => void result.refetch()} />;
  const filtered = search !== '' || status !== '';

  return (
    <PageContainer title={t('list.title')} description={t('list.description')} breadcrumbs={[{ label: t('list.title') }]} actions={<ExportButtons kind="campaigns" params={{ ...filter, sort: grid.sort, order: grid.order }} />}>
      <Card>
        <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6, lg: 5 }}>
            <SearchField
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={search}
              onChange={(value) => {
                setSearch(value);
                setGrid((state) => ({ ...state, page: 0 }));
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('list.statusFilter')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as CampaignStatus | '');
                setGrid((state) => ({ ...state, page: 0 }));
              }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t('list.allStatuses')}</MenuItem>
              {REPORT_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`campaignStatus.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
        <Divider />
        {result.isError ? (
          <Alert severity="error" sx={{ m: 2.5 }} action={<Button color="inherit" size="small" onClick={() => void result.refetch()}>{t('common:actions.retry')}</Button>}>
            {errorMessage(result.error)}
          </Alert>
        ) : null}
        <ReportsGrid
          state={grid}
          rows={result.data?.data ?? []}
          total={result.data?.total ?? 0}
          loading={(result.isFetching && !result.data) || result.isPlaceholderData}
          filtered={filtered}
          onChange={(patch) => setGrid((state) => ({ ...state, ...patch }))}
        />
      </Card>
    </PageContainer>
  );
}
