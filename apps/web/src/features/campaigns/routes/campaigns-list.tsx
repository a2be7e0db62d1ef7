import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Snackbar from '@mui/material/Snackbar';
import type { Campaign } from '@sms/contracts/campaigns';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useDuplicateCampaign } from '../api/duplicate-campaign';
import { useCampaigns } from '../api/get-campaigns';
import { AccessDenied } from '../../../components/access-denied';
import { CampaignsGrid } from '../components/campaigns-grid';
import { CampaignsToolbar } from '../components/campaigns-toolbar';
import { DeleteCampaignDialog } from '../components/delete-campaign-dialog';
import { changeListState, isFiltered, listStateToApiQuery, listStateToParams, parseListState, type CampaignsListState } from '../components/list-state';
import { NoticeSnackbar } from '../components/notice-snackbar';
import { useCampaignColumns } from '../components/use-campaign-columns';

/** /campaigns: every campaign with its status and progress; search, status filter, sort and paging in the URL. */
export default function CampaignsList() {
  const { t } = useTranslation(['campaigns', 'common']);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const query = useCampaigns(listStateToApiQuery(state));
  const duplicate = useDuplicateCampaign();
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const update = (patch: Partial<CampaignsListState>, replace = false) => {
    const next = listStateToParams(changeListState(state, patch));
    if (next.toString() !== listStateToParams(state).toString()) setSearchParams(next, { replace, preventScrollReset: true });
  };
  const { mutate: duplicateMutate } = duplicate;
  const onDuplicate = useCallback(
    (campaign: Campaign) =>
      duplicateMutate(campaign.id, {
        onSuccess: (copy) => void navigate(paths.campaigns.edit(copy.id), { state: { notice: 'duplicated' } }),
        onError: (error) => setFailure(errorMessage(error)),
      }),
    [duplicateMutate, navigate],
  );
  const onDelete = useCallback((campaign: Campaign) => setDeleting(campaign), []);
  const columns = useCampaignColumns({ onDuplicate, onDelete });

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="campaigns" />;
  const filtered = isFiltered(state);
  const clear = () => update({ search: '', statuses: [] });

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <Can I="create" a="Campaign">
          <Button component={RouterLink} to={paths.campaigns.new} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
            {t('actions.new')}
          </Button>
        </Can>
      }
    >
      <Card>
        <CampaignsToolbar search={state.search} statuses={state.statuses} filtered={filtered} onChange={(patch, replace) => update(patch, replace)} onClear={clear} />
        <Divider />
        <LoadOrRetry query={query} sx={{ m: 2.5 }}>
          <CampaignsGrid
            state={state}
            rows={query.data?.data ?? []}
            total={query.data?.total ?? 0}
            loading={(query.isFetching && !query.data) || query.isPlaceholderData || duplicate.isPending}
            columns={columns}
            filtered={filtered}
            onChange={(patch) => update(patch)}
            onClear={clear}
          />
        </LoadOrRetry>
      </Card>
      <DeleteCampaignDialog
        campaign={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSearchParams(searchParams, { replace: true, preventScrollReset: true, state: { notice: 'deleted' } });
        }}
      />
      <Snackbar open={failure !== null} autoHideDuration={6000} onClose={(_event, reason) => reason !== 'clickaway' && setFailure(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="error" variant="filled" onClose={() => setFailure(null)} sx={{ width: '100%' }}>
          {failure}
        </Alert>
      </Snackbar>
      <NoticeSnackbar />
    </PageContainer>
  );
}
