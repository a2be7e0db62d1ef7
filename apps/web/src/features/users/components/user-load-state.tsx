import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AccessDenied } from './access-denied';

/**
 * What the detail and edit pages show instead of a user while it loads or when it failed:
 * a loader, "no access" on 403, a friendly not-found on 404 (or an id that is not a user id).
 */
export function UserLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  if (!error) return <FullPageLoader />;
  if (error instanceof ApiError && error.status === 403) return <AccessDenied />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <PageContainer title={notFound ? t('notFound.title') : t('detail.loadFailed')} breadcrumbs={[{ label: t('list.title'), to: paths.users.list }, { label: notFound ? t('notFound.title') : t('detail.loadFailed') }]}>
      <Alert
        severity={notFound ? 'info' : 'error'}
        data-testid={notFound ? 'user-not-found' : 'user-load-error'}
        action={notFound ? undefined : <Button color="inherit" size="small" onClick={onRetry}>{t('common:actions.retry')}</Button>}
      >
        {notFound ? t('notFound.message') : errorMessage(error)}
      </Alert>
      <Button component={RouterLink} to={paths.users.list} variant="outlined" sx={{ mt: 3 }}>
        {t('notFound.back')}
      </Button>
    </PageContainer>
  );
}
