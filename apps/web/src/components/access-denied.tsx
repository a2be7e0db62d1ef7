import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { PageContainer } from './page-container';

/**
 * Shown when the API answers 403: the role may not see this page. Texts come from the feature's
 * namespace (`denied.title`, `denied.message`, `denied.back`).
 */
export function AccessDenied({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <PageContainer title={t('denied.title')}>
      <Alert severity="warning" data-testid="access-denied">
        <AlertTitle>{t('denied.title')}</AlertTitle>
        {t('denied.message')}
        <div>
          <Button component={RouterLink} to={paths.dashboard} color="inherit" variant="outlined" size="small" sx={{ mt: 1.5 }}>
            {t('denied.back')}
          </Button>
        </div>
      </Alert>
    </PageContainer>
  );
}
