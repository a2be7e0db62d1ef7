import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';

/**
 * "Sign out everywhere": every session of the account ends (the server bumps its token version),
 * this one included, e.g. after using a shared computer or losing a phone.
 */
export function SessionsPanel() {
  const { t } = useTranslation('account');
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const signOutEverywhere = async () => {
    setBusy(true);
    await logout();
    await navigate(paths.login, { replace: true });
  };

  return (
    <Box data-testid="sessions-panel">
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('sessions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('sessions.description')}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('sessions.note')}
      </Alert>
      <Button variant="contained" color="error" startIcon={<IconLogout size={18} aria-hidden />} onClick={() => setConfirming(true)}>
        {t('sessions.signOutEverywhere')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('sessions.confirmTitle')}
        message={t('sessions.confirmText')}
        confirmLabel={t('sessions.signOutEverywhere')}
        danger
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void signOutEverywhere()}
      />
    </Box>
  );
}
