import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLocalListState } from '../../../lib/list-state/use-list-state';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useDeliverySummary } from '../../../api/reports/get-delivery-summary';
import { useNonResponders, type NonRespondersParams } from '../../../api/reports/get-non-responders';
import { FollowUpDialog } from '../components/follow-up-dialog';
import { NonRespondersGrid } from '../components/non-responders-grid';
import { ReportFrame } from '../components/report-frame';
import { ReportLoadState } from '../components/report-load-state';
import { nonRespondersList, tableQuery } from '../components/report-tables';
import { SearchField } from '../components/search-field';
import { Tag1Filter } from '../components/tag1-filter';
import { useReportFormat } from '../components/use-report-format';

/** /reports/non-responders/:campaignId: who was reached and has not replied, with a one-step follow-up draft. */
export default function NonRespondersReport() {
  const { t } = useTranslation(['reports', 'common']);
  const { campaignId = '' } = useParams();
  const format = useReportFormat();
  const canCreate = useAbility().can('create', 'Campaign');
  // The delivery summary carries the campaign header every report shows.
  const summary = useDeliverySummary(campaignId);
  const table = useLocalListState(nonRespondersList);
  const [tag1, setTag1] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [following, setFollowing] = useState(false);
  const filter = { ...(tag1.length > 0 ? { tag1 } : {}), ...(search ? { search } : {}) };
  const query: NonRespondersParams = { ...tableQuery(table.state), ...filter };
  const live = summary.data?.campaign.status === 'sending';
  const list = useNonResponders(campaignId, query, live);
  // The filter and the follow-up offer every tag1 value of the non-responders, whatever the table shows.
  const everyone = useNonResponders(campaignId, { limit: 1, skip: 0 }, live);
  const tag1Counts = everyone.data?.tag1Counts ?? [];

  if (!summary.data) return <ReportLoadState error={summary.error} onRetry={() => void summary.refetch()} />;
  const campaign = summary.data.campaign;
  const firstPage = (change: () => void) => {
    change();
    table.update({ page: 0 });
  };

  return (
    <ReportFrame campaign={campaign} kind="non-responders" exportParams={filter}>
      {list.data?.windowOpen ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="window-open">
          {t('nonResponders.windowOpen', { hours: campaign.replyWindowHours })}
        </Alert>
      ) : list.data ? (
        <Alert severity="success" icon={false} sx={{ mb: 3 }} data-testid="window-closed">
          {t('nonResponders.windowClosed', { hours: campaign.replyWindowHours })}
        </Alert>
      ) : null}
      <Card component="section" aria-labelledby="non-responders-title">
        <Grid container spacing={2} sx={{ p: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 'grow' }}>
            <Typography id="non-responders-title" variant="h6" component="h2">
              {t('nonResponders.title')}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              aria-live="polite"
              data-testid="non-responders-total"
              data-value={list.data?.total ?? ''}
            >
              {list.data
                ? t('nonResponders.total', { count: list.data.total, formatted: format.count(list.data.total) })
                : t('drill.loading')}
            </Typography>
          </Grid>
          {canCreate ? (
            <Grid size="auto">
              <Button
                variant="contained"
                startIcon={<IconSend size={18} aria-hidden />}
                onClick={() => setFollowing(true)}
                disabled={tag1Counts.length === 0}
              >
                {t('followUp.button')}
              </Button>
            </Grid>
          ) : null}
        </Grid>
        <Grid container spacing={2} sx={{ px: 2.5, pb: 2.5, alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SearchField
              label={t('recipients.search')}
              placeholder={t('recipients.searchPlaceholder')}
              value={search}
              onChange={(value) => firstPage(() => setSearch(value))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Tag1Filter
              label={t('nonResponders.tag1Filter')}
              counts={tag1Counts}
              value={tag1}
              onChange={(value) => firstPage(() => setTag1(value))}
            />
          </Grid>
        </Grid>
        <Divider />
        <NonRespondersGrid list={table} query={list} />
      </Card>
      {following ? (
        <FollowUpDialog
          open
          campaignId={campaignId}
          campaignName={campaign.name}
          tag1Counts={tag1Counts}
          initialTag1={tag1}
          onClose={() => setFollowing(false)}
        />
      ) : null}
    </ReportFrame>
  );
}
