import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { IconAddressBook, IconPalette, IconSend, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAbility } from '../../../lib/permissions/use-ability';
import { GettingStartedStep, type GettingStartedStepProps } from '../components/getting-started-step';

/** /dashboard for now: a getting-started checklist fitted to the signed-in role. */
export default function Dashboard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { user } = useAuth();
  const ability = useAbility();

  const steps: Array<Omit<GettingStartedStepProps, 'index'> & { key: string }> = [
    { key: 'users', icon: IconUsersPlus, to: paths.users.new, available: true, allowed: ability.can('create', 'User') },
    { key: 'brand', icon: IconPalette, to: paths.configurations, available: true, allowed: ability.can('update', 'Brand') },
    { key: 'contacts', icon: IconAddressBook, to: paths.contacts.upload, available: true, allowed: ability.can('create', 'Import') },
    { key: 'campaigns', icon: IconSend, to: paths.campaigns.new, available: true, allowed: ability.can('create', 'Campaign') },
  ].map((step) => ({ ...step, title: t(`steps.${step.key}.title`), description: t(`steps.${step.key}.description`) }));

  return (
    <PageContainer title={t('title')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('welcome', { name: user?.name ?? '' })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro', { role: user ? t(`common:roles.${user.role}`) : '' })}
          </Typography>
          <Alert severity="info">{t('upcoming')}</Alert>
        </CardContent>
      </Card>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('stepsTitle')}
      </Typography>
      <Grid container spacing={3} component="ol" sx={{ p: 0, m: 0, mb: 3 }}>
        {steps.map(({ key, ...step }, index) => (
          <Grid key={key} component="li" size={{ xs: 12, sm: 6, lg: 3 }} sx={{ display: 'flex', listStyle: 'none' }}>
            <GettingStartedStep index={index + 1} {...step} />
          </Grid>
        ))}
      </Grid>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('profileTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('profileText')}
          </Typography>
          <Button component={RouterLink} to={paths.userProfile} variant="outlined">
            {t('profileLink')}
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
