import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { useReportCampaigns } from '../api/get-report-campaigns';
import { ExportButtons } from '../components/export-buttons';
import { ReportLoadState } from '../components/report-load-state';
import { ReportsGrid } from '../components/reports-grid';
import { changeReportsState, parseReportsState, REPORT_STATUSES, reportsFilter, reportsStateToParams, reportsStateToQuery, type ReportsListState } from '../components/reports-list-state';
import { SearchField } from '../components/search-field';

/** /reports: every launched campaign with delivery, reply and opt-out figures, and links to its three reports. */
export default function ReportsList() {
  const { t } = useTranslation(['reports', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseReportsState(searchParams);
  const result = useReportCampaigns(reportsStateToQuery(state));
  const filter = reportsFilter(state);
  const update = (patch: Partial<ReportsListState>, replace = false) => {
    const next = reportsStateToParams(changeReportsState(state, patch));
    if (next.toString() !== reportsStateToParams(state).toString()) setSearchParams(next, { replace, preventScrollReset: true });
  };

  if (result.error instanceof ApiError && result.error.status === 403) return <ReportLoadState error={result.error} onRetry={() => void result.refetch()} />;
  const filtered = state.search !== '' || state.status !== '';

  return (
    <PageContainer title={t('list.title')} description={t('list.description')} breadcrumbs={[{ label: t('list.title') }]} actions={<ExportButtons kind="campaigns" params={{ ...filter, sort: state.sort, order: state.order }} />}>
      <Card>
        <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6, lg: 5 }}>
            <SearchField
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={state.search}
              onChange={(value) => update({ search: value }, true)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('list.statusFilter')}
              value={state.status}
              onChange={(event) => update({ status: event.target.value as CampaignStatus | '' })}
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
        <LoadOrRetry query={result} sx={{ m: 2.5 }}>
          <ReportsGrid
            state={state}
            rows={result.data?.data ?? []}
            total={result.data?.total ?? 0}
            loading={(result.isFetching && !result.data) || result.isPlaceholderData}
            filtered={filtered}
            onChange={(patch) => update(patch)}
          />
        </LoadOrRetry>
      </Card>
    </PageContainer>
  );
}
