import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';

/** What a report page shows instead of the report: a loader, no access, not found, or the error with a retry. */
export function ReportLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['reports', 'common']);
  if (!error) return <FullPageLoader />;
  const status = error instanceof ApiError ? error.status : 0;
  const crumbs = (label: string) => [{ label: t('list.title'), to: paths.reports.list }, { label }];
  if (status === 403) {
    return (
      <PageContainer title={t('denied.title')} breadcrumbs={crumbs(t('denied.title'))}>
        <Alert severity="warning" data-testid="report-denied">
          <AlertTitle>{t('denied.title')}</AlertTitle>
          {t('denied.message')}
        </Alert>
      </PageContainer>
    );
  }
  const notFound = status === 404 || status === 400;
  const title = notFound ? t('notFound.title') : t('loadFailed');
  return (
    <PageContainer title={title} breadcrumbs={crumbs(title)}>
      <Alert
        severity={notFound ? 'info' : 'error'}
        data-testid={notFound ? 'report-not-found' : 'report-load-error'}
        action={notFound ? undefined : <Button color="inherit" size="small" onClick={onRetry}>{t('common:actions.retry')}</Button>}
      >
        {notFound ? t('notFound.message') : errorMessage(error)}
      </Alert>
      <Button component={RouterLink} to={paths.reports.list} variant="outlined" sx={{ mt: 3 }}>
        {t('notFound.back')}
      </Button>
    </PageContainer>
  );
}
