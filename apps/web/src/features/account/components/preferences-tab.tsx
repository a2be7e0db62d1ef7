import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
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
      <Snackbar open={saved} autoHideDuration={5000} onClose={(_event, reason) => reason !== 'clickaway' && setSaved(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setSaved(false)} sx={{ width: '100%' }}>
          {t('preferences.saved')}
        </Alert>
      </Snackbar>
    </>
  );
}
