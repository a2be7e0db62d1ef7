import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { useAuth } from '../../../lib/auth/use-auth';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummaryCard } from '../components/profile-summary-card';

type Notice = 'detailsSaved' | 'passwordChanged';

/** /user-profile: the signed-in user's own details, language and password. */
export default function UserProfile() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const [notice, setNotice] = useState<Notice | null>(null);
  if (!user) return <FullPageLoader />;

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ProfileSummaryCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                  {t('details.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                  {t('details.description')}
                </Typography>
                {/* Keyed by update time so saved (or refreshed) values become the new baseline. */}
                <ProfileDetailsForm key={user.updatedAt} user={user} onSaved={() => setNotice('detailsSaved')} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                  {t('password.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                  {t('password.description')}
                </Typography>
                <ChangePasswordForm onChanged={() => setNotice('passwordChanged')} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <MessageSnackbar message={notice ? t(`notices.${notice}`) : null} onClose={() => setNotice(null)} />
    </PageContainer>
  );
}
