import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { ItemLoadState } from '../../../components/item-load-state';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';

/** A report the role may not read: the reports list stays in the breadcrumbs. */
function ReportDenied() {
  const { t } = useTranslation('reports');
  return (
    <PageContainer
      title={t('denied.title')}
      breadcrumbs={[{ label: t('list.title'), to: paths.reports.list }, { label: t('denied.title') }]}
    >
      <Alert severity="warning" data-testid="report-denied">
        <AlertTitle>{t('denied.title')}</AlertTitle>
        {t('denied.message')}
      </Alert>
    </PageContainer>
  );
}

/** What a report page shows instead of the report: a loader, no access, not found, or the error with a retry. */
export function ReportLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ItemLoadState
      error={error}
      onRetry={onRetry}
      ns="reports"
      loadFailedKey="loadFailed"
      listPath={paths.reports.list}
      testId="report"
      denied={<ReportDenied />}
    />
  );
}
