import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { ProfileSummaryCard } from '../components/profile-summary-card';

/** The account settings tab that edits each part: the one place to edit one's profile and password (issue 37). */
const settingsTab = (tab: 'profile' | 'password') => `${paths.accountSettings}?tab=${tab}`;

/** /user-profile: who is signed in, at a glance; details and password are edited in the account settings, linked from here. */
export default function UserProfile() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  if (!user) return <FullPageLoader />;

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ProfileSummaryCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Card>
            <CardContent>
              <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                {t('manage.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                {t('manage.description')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  component={RouterLink}
                  to={settingsTab('profile')}
                  variant="contained"
                  startIcon={<IconUser size={18} aria-hidden />}
                >
                  {t('manage.details')}
                </Button>
                <Button
                  component={RouterLink}
                  to={settingsTab('password')}
                  variant="outlined"
                  startIcon={<IconKey size={18} aria-hidden />}
                >
                  {t('manage.password')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
