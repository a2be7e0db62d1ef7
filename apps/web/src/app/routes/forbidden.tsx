import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/page-container';

/** Shown in place of a screen the signed-in role may not use. */
export default function Forbidden() {
  const { t } = useTranslation('common');
  return (
    <PageContainer title={t('forbidden.title')}>
      <Alert severity="warning">{t('forbidden.message')}</Alert>
    </PageContainer>
  );
}
