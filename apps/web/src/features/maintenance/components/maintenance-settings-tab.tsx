import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MAINTENANCE_MESSAGE_MAX } from '@sms/contracts/maintenance-constants';
import type { MaintenanceStatus } from '@sms/contracts/maintenance';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useMaintenanceStatus } from '../../../api/maintenance/get-maintenance-status';
import { useUpdateMaintenance } from '../../../api/settings/update-maintenance';
import { InputField } from '../../../components/forms/input-field';

/** The Maintenance tab of /configurations (administrators): switch the mode and write its message. */
export function MaintenanceSettingsTab() {
  const status = useMaintenanceStatus();
  const [notice, setNotice] = useState<string | null>(null);
  if (status.isPending) return <FullPageLoader />;
  if (status.isError) {
    return <RetryAlert error={status.error} onRetry={() => void status.refetch()} />;
  }
  // Keyed by the saved state, so the form starts again from what the server holds after a save.
  return (
    <>
      <MaintenanceForm key={`${status.data.enabled}:${status.data.message}`} saved={status.data} onSaved={setNotice} />
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)} message={notice} />
    </>
  );
}

function MaintenanceForm({ saved, onSaved }: { saved: MaintenanceStatus; onSaved: (notice: string) => void }) {
  const { t } = useTranslation(['maintenance', 'common']);
  const update = useUpdateMaintenance();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [message, setMessage] = useState(saved.message);
  const [confirming, setConfirming] = useState(false);
  const tooLong = message.trim().length > MAINTENANCE_MESSAGE_MAX;
  const changed = enabled !== saved.enabled || message.trim() !== saved.message;

  const save = async () => {
    try {
      const result = await update.mutateAsync({ enabled, message: message.trim() });
      setConfirming(false);
      onSaved(result.enabled ? t('tab.savedOn') : t('tab.savedOff'));
    } catch {
      // shown from update.error
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || !changed) return;
    // Switching it on sends everyone else to the maintenance page: ask first.
    if (enabled && !saved.enabled) setConfirming(true);
    else void save();
  };

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tab.title')} data-testid="maintenance-form">
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('tab.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('tab.description')}
          </Typography>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <Alert severity={saved.enabled ? 'warning' : 'success'} data-testid="maintenance-state">
              {saved.enabled ? t('tab.stateOn') : t('tab.stateOff')}
            </Alert>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
              label={t('tab.switch')}
            />
            <InputField
              label={t('tab.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              multiline
              minRows={3}
              error={tooLong}
              helperText={
                tooLong
                  ? t('tab.tooLong', { max: MAINTENANCE_MESSAGE_MAX })
                  : t('tab.messageHint', { count: message.trim().length, max: MAINTENANCE_MESSAGE_MAX })
              }
              placeholder={t('page.defaultMessage')}
            />
            {update.isError && !confirming ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" disabled={!changed || tooLong || update.isPending}>
                {t('common:actions.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('tab.confirmTitle')}
        message={t('tab.confirmMessage')}
        confirmLabel={t('tab.confirmAction')}
        danger
        busy={update.isPending}
        error={update.isError ? errorMessage(update.error) : null}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
