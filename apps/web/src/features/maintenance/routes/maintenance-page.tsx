import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAINTENANCE_POLL_MS } from '@sms/contracts/maintenance-constants';
import { IconTool } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { loginWithRedirect } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMaintenanceStatus } from '../../../api/maintenance/get-maintenance-status';
import { returnFromMaintenance } from '../../../lib/maintenance/maintenance-return';
import { useAbility } from '../../../lib/permissions/use-ability';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /auth/maintenance: the administrator's message while maintenance mode is on. It asks the server
 * every few seconds and, once the mode ends, goes back to the page the user was on (`from`).
 */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  usePageTitle(t('page.title'));
  const [searchParams] = useSearchParams();
  const target = returnFromMaintenance(searchParams.get('from'));
  const navigate = useNavigate();
  const { isAuthenticated, user, logout } = useAuth();
  const isAdmin = useAbility().can('update', 'Settings') && isAuthenticated;
  const status = useMaintenanceStatus(MAINTENANCE_POLL_MS);
  const ended = status.data?.enabled === false;

  useEffect(() => {
    if (ended) void navigate(target, { replace: true });
  }, [ended, navigate, target]);

  const message = status.data?.message || t('page.defaultMessage');
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 6 }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
          <BrandLogo maxWidth={220} maxHeight={70} />
          <Box aria-hidden sx={{ color: 'warning.main' }}>
            <IconTool size={56} stroke={1.4} />
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.1rem' } }}>
            {t('page.heading')}
          </Typography>
          <Typography data-testid="maintenance-message" sx={{ fontSize: '1.05rem', whiteSpace: 'pre-line' }}>
            {status.isPending ? t('page.checking') : message}
          </Typography>
          <Stack direction="row" spacing={1.5} role="status" aria-live="polite" sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">
              {status.isError ? t('page.unreachable') : ended ? t('page.back') : t('page.polling', { seconds: MAINTENANCE_POLL_MS / 1000 })}
            </Typography>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
            <Button variant="outlined" onClick={() => void status.refetch()} disabled={status.isFetching}>
              {t('page.checkNow')}
            </Button>
            {isAdmin ? (
              <Button variant="contained" component={RouterLink} to={target}>
                {t('page.continueAsAdmin')}
              </Button>
            ) : null}
          </Stack>
          {isAuthenticated && !isAdmin ? (
            <Typography variant="body2" color="text.secondary">
              {t('page.signedInAs', { name: user?.name ?? '' })}{' '}
              <Link component="button" type="button" onClick={() => void logout()} sx={{ verticalAlign: 'baseline' }}>
                {t('page.signOut')}
              </Link>
            </Typography>
          ) : null}
          {isAuthenticated ? null : (
            <Link component={RouterLink} to={loginWithRedirect(target)} variant="body2">
              {t('page.adminSignIn')}
            </Link>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
