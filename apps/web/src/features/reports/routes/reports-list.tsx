import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { ApiError } from '../../../lib/api-client';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { useReportCampaigns } from '../../../api/reports/get-report-campaigns';
import { ExportButtons } from '../components/export-buttons';
import { ReportLoadState } from '../components/report-load-state';
import { ReportsGrid } from '../components/reports-grid';
import { REPORT_STATUSES, reportsApiQuery, reportsFilter, reportsList } from '../components/reports-list-state';
import { SearchField } from '../components/search-field';

/** /reports: every launched campaign with delivery, reply and opt-out figures, and links to its three reports. */
export default function ReportsList() {
  const { t } = useTranslation(['reports', 'common']);
  const list = useUrlListState(reportsList);
  const { state, update } = list;
  const result = useReportCampaigns(reportsApiQuery(state));
  const filter = reportsFilter(state);

  if (result.error instanceof ApiError && result.error.status === 403)
    return <ReportLoadState error={result.error} onRetry={() => void result.refetch()} />;
  const filtered = reportsList.isFiltered(state);

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={<ExportButtons kind="campaigns" params={{ ...filter, sort: state.sort, order: state.order }} />}
    >
      <Card>
        <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6, lg: 5 }}>
            <SearchField
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={state.search}
              onChange={(value) => update({ search: value }, { replace: true })}
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
        <ReportsGrid list={list} query={result} filtered={filtered} />
      </Card>
    </PageContainer>
  );
}
