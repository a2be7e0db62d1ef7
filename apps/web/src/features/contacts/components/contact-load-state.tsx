import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { AccessDenied } from './access-denied';

/** What the detail and edit pages show instead of a contact: a loader, no access, not found, or the error. */
export function ContactLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['contacts', 'common']);
  if (!error) return <FullPageLoader />;
  if (error instanceof ApiError && error.status === 403) return <AccessDenied />;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = notFound ? t('notFound.title') : t('detail.loadFailed');
  return (
    <PageContainer title={title} breadcrumbs={[{ label: t('list.title'), to: paths.contacts.list }, { label: title }]}>
      <Alert
        severity={notFound ? 'info' : 'error'}
        data-testid={notFound ? 'contact-not-found' : 'contact-load-error'}
        action={notFound ? undefined : <Button color="inherit" size="small" onClick={onRetry}>{t('common:actions.retry')}</Button>}
      >
        {notFound ? t('notFound.message') : errorMessage(error)}
      </Alert>
      <Button component={RouterLink} to={paths.contacts.list} variant="outlined" sx={{ mt: 3 }}>
        {t('notFound.back')}
      </Button>
    </PageContainer>
  );
}
