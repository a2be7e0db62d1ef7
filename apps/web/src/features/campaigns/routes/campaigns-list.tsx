import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import type { Campaign } from '@sms/contracts/campaigns';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MessageSnackbar, NoticeSnackbar, useShowNoticeHere } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { Can } from '../../../lib/permissions/can';
import { useDuplicateCampaign } from '../../../api/campaigns/duplicate-campaign';
import { useCampaigns } from '../../../api/campaigns/get-campaigns';
import { AccessDenied } from '../../../components/access-denied';
import { CampaignsGrid } from '../components/campaigns-grid';
import { CampaignsToolbar } from '../components/campaigns-toolbar';
import { DeleteCampaignDialog } from '../components/delete-campaign-dialog';
import { campaignsApiQuery, campaignsList } from '../components/list-state';
import { useCampaignColumns } from '../components/use-campaign-columns';

/** /campaigns: every campaign with its status and progress; search, status filter, sort and paging in the URL. */
export default function CampaignsList() {
  const { t } = useTranslation(['campaigns', 'common', 'templates']);
  const navigate = useNavigate();
  const list = useUrlListState(campaignsList);
  const { state, update } = list;
  const query = useCampaigns(campaignsApiQuery(state));
  const showNotice = useShowNoticeHere();
  const duplicate = useDuplicateCampaign();
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
  const filtered = campaignsList.isFiltered(state);
  const clear = () => update(campaignsList.clearedFilters);

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          <Can I="read" a="Template">
            <Button
              component={RouterLink}
              to={paths.campaigns.templates}
              variant="outlined"
              startIcon={<IconTemplate size={18} aria-hidden />}
            >
              {t('templates:actions.open')}
            </Button>
          </Can>
          <Can I="create" a="Campaign">
            <Button component={RouterLink} to={paths.campaigns.new} variant="contained" startIcon={<IconPlus size={18} aria-hidden />}>
              {t('actions.new')}
            </Button>
          </Can>
        </>
      }
    >
      <Card>
        <CampaignsToolbar
          search={state.search}
          statuses={state.statuses}
          filtered={filtered}
          onChange={(patch, replace) => update(patch, { replace })}
          onClear={clear}
        />
        <Divider />
        <CampaignsGrid list={list} query={query} busy={duplicate.isPending} columns={columns} filtered={filtered} onClear={clear} />
      </Card>
      <DeleteCampaignDialog
        campaign={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          showNotice('deleted');
        }}
      />
      <MessageSnackbar message={failure} severity="error" autoHideDuration={6000} onClose={() => setFailure(null)} />
      <NoticeSnackbar ns="campaigns" />
    </PageContainer>
  );
}
