import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { useAuth } from '../../../lib/auth/use-auth';
import { PreferencesForm } from './preferences-form';

/** The preferences tab: the form and its "saved" notice. */
export function PreferencesTab() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const [saved, setSaved] = useState(false);
  if (!user) return <FullPageLoader />;
  return (
    <>
      <PreferencesForm key={user.updatedAt} user={user} onSaved={() => setSaved(true)} />
      <MessageSnackbar message={saved ? t('preferences.saved') : null} onClose={() => setSaved(false)} />
    </>
  );
}
