import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Shown on the sign-in page while no account exists yet: the way to create the first admin. */
export function SetupCallout({ to }: { to: string }) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      severity="info"
      icon={<IconUserShield size={22} aria-hidden />}
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="setup-callout"
    >
      <AlertTitle>{t('setup.calloutTitle')}</AlertTitle>
      {t('setup.calloutText')}
      <Button component={RouterLink} to={to} variant="contained" fullWidth sx={{ mt: 1.5 }}>
        {t('setup.calloutAction')}
      </Button>
    </Alert>
  );
}
