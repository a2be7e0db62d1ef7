import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { EDITABLE_CAMPAIGN_STATUSES } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useCampaign } from '../../../api/campaigns/get-campaign';
import { CampaignLoadState } from '../components/campaign-load-state';
import { ComposerLoader } from '../components/composer/composer-loader';

/** /campaigns/:id/edit: the composer for a draft or scheduled campaign; others can only be viewed. */
export default function CampaignEdit() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useCampaign(id);
  if (!query.data) return <CampaignLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const campaign = query.data;
  const state: unknown = location.state;
  const startWithTestSend = Boolean(state && typeof state === 'object' && 'testSend' in state && state.testSend);
  const editable = EDITABLE_CAMPAIGN_STATUSES.includes(campaign.status);
  return (
    <PageContainer
      title={t('edit.title', { name: campaign.name })}
      breadcrumbs={[
        { label: t('list.title'), to: paths.campaigns.list },
        { label: campaign.name, to: paths.campaigns.detail(campaign.id) },
        { label: t('edit.crumb') },
      ]}
    >
      {editable ? (
        // Keyed by id only: a save refreshes the cached campaign but must not reset what is being typed.
        <ComposerLoader key={campaign.id} campaign={campaign} startWithTestSend={startWithTestSend} />
      ) : (
        <Alert
          severity="info"
          data-testid="campaign-not-editable"
          action={
            <Button component={RouterLink} to={paths.campaigns.detail(campaign.id)} color="inherit" size="small">
              {t('edit.open')}
            </Button>
          }
        >
          {t('edit.notEditable', { status: t(`statuses:campaign.${campaign.status}`) })}
        </Alert>
      )}
      <NoticeSnackbar ns="campaigns" />
    </PageContainer>
  );
}
