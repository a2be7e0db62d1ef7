import Button from '@mui/material/Button';
import type { Campaign } from '@sms/contracts/campaigns';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { MessageSnackbar, useShowNoticeHere } from '../../../components/notice-snackbar';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { Can } from '../../../lib/permissions/can';
import { useDuplicateCampaign } from '../../../api/campaigns/duplicate-campaign';
import { useCampaigns } from '../../../api/campaigns/get-campaigns';
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

  const filtered = campaignsList.isFiltered(state);
  const clear = () => update(campaignsList.clearedFilters);

  return (
    <ListPage
      ns="campaigns"
      title={t('list.title')}
      description={t('list.description')}
      error={query.error}
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
      toolbar={
        <CampaignsToolbar
          search={state.search}
          statuses={state.statuses}
          filtered={filtered}
          onChange={(patch, replace) => update(patch, { replace })}
          onClear={clear}
        />
      }
      grid={<CampaignsGrid list={list} query={query} busy={duplicate.isPending} columns={columns} filtered={filtered} onClear={clear} />}
    >
      <DeleteCampaignDialog
        campaign={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          showNotice('deleted');
        }}
      />
      <MessageSnackbar message={failure} severity="error" autoHideDuration={6000} onClose={() => setFailure(null)} />
    </ListPage>
  );
}
