import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AccessDenied } from './access-denied';

/** What the detail and edit pages show instead of a campaign: a loader, no access, not found, or the error. */
export function CampaignLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  if (!error) return <FullPageLoader />;
  if (error instanceof ApiError && error.status === 403) return <AccessDenied />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = notFound ? t('notFound.title') : t('detail.loadFailed');
  return (
    <PageContainer title={title} breadcrumbs={[{ label: t('list.title'), to: paths.campaigns.list }, { label: title }]}>
      <Alert
        severity={notFound ? 'info' : 'error'}
        data-testid={notFound ? 'campaign-not-found' : 'campaign-load-error'}
        action={notFound ? undefined : <Button color="inherit" size="small" onClick={onRetry}>{t('common:actions.retry')}</Button>}
      >
        {notFound ? t('notFound.message') : errorMessage(error)}
      </Alert>
      <Button component={RouterLink} to={paths.campaigns.list} variant="outlined" sx={{ mt: 3 }}>
        {t('notFound.back')}
      </Button>
    </PageContainer>
  );
}
