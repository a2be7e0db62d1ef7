import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../components/page-container';
import { paths } from '../../config/paths';

/** Product areas that later releases fill in (contacts, campaigns, reports, inbox, calendar, settings). */
export default function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  const title = t(titleKey);
  return (
    <PageContainer title={title}>
      <Card>
        <CardContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('comingSoon.message', { area: title })}
          </Alert>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('comingSoon.hint')}
          </Typography>
          <Button component={RouterLink} to={paths.dashboard} variant="outlined">
            {t('notFound.home')}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
