import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useMaintenanceStatus } from '../../../api/maintenance/get-maintenance-status';
import { maintenanceWithReturn } from '../../../lib/maintenance/maintenance-return';
import { useAbility } from '../../../lib/permissions/use-ability';

/** The Maintenance tab of /configurations, where the banner's link leads. */
export const MAINTENANCE_TAB_PATH = `${paths.configurations}?tab=maintenance`;

/**
 * Maintenance mode inside the signed-in layout: administrators (who may switch it) keep working
 * under a banner with a link to switch it off; anyone else goes to the maintenance page, which
 * brings them back here when it ends. The API refuses their calls meanwhile anyway (503).
 */
export function MaintenanceNotice() {
  const { t } = useTranslation('maintenance');
  const canSwitch = useAbility().can('update', 'Settings');
  const location = useLocation();
  const status = useMaintenanceStatus();
  if (!status.data?.enabled) return null;
  if (!canSwitch) return <Navigate replace to={maintenanceWithReturn(`${location.pathname}${location.search}`)} />;
  const onTab = location.pathname === paths.configurations && new URLSearchParams(location.search).get('tab') === 'maintenance';
  return (
    <Alert
      severity="warning"
      data-testid="maintenance-banner"
      sx={{ mb: 3 }}
      action={
        onTab ? null : (
          <Button component={RouterLink} to={MAINTENANCE_TAB_PATH} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {t('banner.switchOff')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('banner.title')}</AlertTitle>
      {t('banner.message')}
    </Alert>
  );
}
