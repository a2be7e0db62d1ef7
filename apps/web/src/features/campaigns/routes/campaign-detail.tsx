import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { CampaignAction, CampaignProgress } from '@sms/contracts/campaigns';
import { replyFigures } from '@sms/contracts/reply-figures';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MessageSnackbar, NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useCampaignAction } from '../../../api/campaigns/campaign-action';
import { useDuplicateCampaign } from '../../../api/campaigns/duplicate-campaign';
import { useCampaign } from '../../../api/campaigns/get-campaign';
import { useCampaignProgress } from '../../../api/campaigns/get-campaign-progress';
import { CampaignLoadState } from '../components/campaign-load-state';
import { DeleteCampaignDialog } from '../components/delete-campaign-dialog';
import { ApprovalCard } from '../components/detail/approval-card';
import { ArchiveCard } from '../components/detail/archive-card';
import { CampaignDetailActions } from '../components/detail/campaign-detail-actions';
import { CampaignSummaryCard } from '../components/detail/campaign-summary-card';
import { FollowUpCard } from '../components/detail/follow-up-card';
import { ProgressCard } from '../components/detail/progress-card';

/** /campaigns/:id: the campaign as saved and its live progress, with pause, resume, cancel, duplicate and follow-up links. */
export default function CampaignDetail() {
  const { t } = useTranslation(['campaigns', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useCampaign(id);
  // A campaign in review has not been launched: no progress, no figures (decision 101).
  const launched = query.data !== undefined && query.data.status !== 'draft' && query.data.status !== 'in_review';
  const progress = useCampaignProgress(
    id,
    launched,
    query.data?.completedAt ?? query.data?.cancelledAt ?? null,
    query.data?.replyWindowHours ?? 0,
  );
  const action = useCampaignAction();
  const duplicate = useDuplicateCampaign();
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const liveStatus = progress.data?.status;
  const storedStatus = query.data?.status;
  const { refetch } = query;
  // The poll saw a new state (completed, paused by itself…): reload the campaign's dates and reason.
  useEffect(() => {
    if (liveStatus && storedStatus && liveStatus !== storedStatus) void refetch();
  }, [liveStatus, storedStatus, refetch]);

  if (!query.data) return <CampaignLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const campaign = query.data;
  const status = liveStatus ?? campaign.status;
  // Sending has started once launchedAt is set (decision 084): until then it has no figures and no reports.
  const started = campaign.launchedAt !== null;
  const waiting = !started && (status === 'scheduled' || status === 'paused') && campaign.scheduledAt !== null;
  const figures: CampaignProgress = progress.data ?? {
    status: campaign.status,
    statusReason: campaign.statusReason,
    audienceReady: campaign.audienceReady,
    counts: campaign.counts,
    ratePerSecond: 0,
    averageRatePerSecond: null,
    replies: replyFigures(campaign.counts),
    gatewayDown: null,
    eta: null,
    recentErrors: [],
  };
  const run = (name: CampaignAction) =>
    action.mutate(
      { id: campaign.id, action: name },
      { onSuccess: () => setCancelling(false), onError: (error) => !cancelling && setFailure(errorMessage(error)) },
    );

  return (
    <PageContainer
      title={campaign.name}
      breadcrumbs={[{ label: t('list.title'), to: paths.campaigns.list }, { label: campaign.name }]}
      actions={
        <CampaignDetailActions
          campaign={campaign}
          status={status}
          busy={action.isPending || duplicate.isPending}
          onAction={(name) => (name === 'cancel' ? setCancelling(true) : run(name))}
          onDuplicate={() =>
            duplicate.mutate(campaign.id, {
              onSuccess: (copy) => void navigate(paths.campaigns.edit(copy.id), { state: { notice: 'duplicated' } }),
              onError: (error) => setFailure(errorMessage(error)),
            })
          }
          onDelete={() => setDeleting(true)}
        />
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            {launched ? (
              <ProgressCard
                progress={{ ...figures, status }}
                gatewayName={campaign.gatewayName}
                waitingFor={waiting ? { scheduledAt: campaign.scheduledAt, timeZone: campaign.timeZone } : null}
              />
            ) : status === 'draft' ? (
              <Alert severity="info">{t('detail.draftHint')}</Alert>
            ) : null}
            {started ? (
              <Can I="read" a="Report">
                <FollowUpCard campaignId={campaign.id} />
              </Can>
            ) : null}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={3}>
            <ApprovalCard campaignId={campaign.id} status={status} />
            <CampaignSummaryCard campaign={campaign} />
            <Can I="update" a="Campaign">
              <ArchiveCard campaignId={campaign.id} />
            </Can>
          </Stack>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={cancelling}
        title={t('cancel.title')}
        message={<Trans t={t} i18nKey="cancel.message" values={{ name: campaign.name }} components={{ strong: <strong /> }} />}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        danger
        busy={action.isPending}
        error={cancelling && action.isError ? errorMessage(action.error) : null}
        onClose={() => {
          setCancelling(false);
          action.reset();
        }}
        onConfirm={() => run('cancel')}
      />
      <DeleteCampaignDialog
        campaign={deleting ? campaign : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(paths.campaigns.list, { replace: true, state: { notice: 'deleted' } })}
      />
      <MessageSnackbar message={failure} severity="error" autoHideDuration={6000} onClose={() => setFailure(null)} />
      <NoticeSnackbar ns="campaigns" />
    </PageContainer>
  );
}
