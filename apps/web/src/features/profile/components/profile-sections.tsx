import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { useAuth } from '../../../lib/auth/use-auth';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';

/** A titled section with a success notice, for the account settings tabs. */
function Section({
  title,
  description,
  notice,
  onNoticeClose,
  children,
}: {
  title: string;
  description: string;
  notice: string | null;
  onNoticeClose: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {description}
      </Typography>
      {children}
      <MessageSnackbar message={notice} onClose={onNoticeClose} />
    </>
  );
}

/** Name, phone and language of the signed-in user, as a self-contained section. */
export function ProfileDetailsSection() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const [saved, setSaved] = useState(false);
  if (!user) return <FullPageLoader />;
  return (
    <Section
      title={t('details.title')}
      description={t('details.description')}
      notice={saved ? t('notices.detailsSaved') : null}
      onNoticeClose={() => setSaved(false)}
    >
      <ProfileDetailsForm key={user.updatedAt} user={user} onSaved={() => setSaved(true)} />
    </Section>
  );
}

/** The password change (current password required), as a self-contained section. */
export function ChangePasswordSection() {
  const { t } = useTranslation('profile');
  const [changed, setChanged] = useState(false);
  return (
    <Section
      title={t('password.title')}
      description={t('password.description')}
      notice={changed ? t('notices.passwordChanged') : null}
      onNoticeClose={() => setChanged(false)}
    >
      <ChangePasswordForm onChanged={() => setChanged(true)} />
    </Section>
  );
}
