import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BackupsStatus } from '@sms/contracts/data-lifecycle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useBackUpNow } from '../../../api/backups/back-up-now';
import { downloadLatestBackup } from '../../../api/backups/download-latest-backup';
import { useBackups } from '../../../api/backups/get-backups';
import { useUpdateBackupSchedule } from '../../../api/backups/update-backup-schedule';
import { BackupPassphraseForm } from './backup-passphrase-form';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Configurations -> Maintenance (administrators): the daily backup, "Back up now", the latest file, their encryption. */
export function BackupsCard() {
  const backups = useBackups();
  if (backups.isPending) return <FullPageLoader />;
  if (backups.isError) return <RetryAlert error={backups.error} onRetry={() => void backups.refetch()} />;
  const { schedule } = backups.data;
  return <BackupsForm key={`${schedule.enabled}:${schedule.hour}:${schedule.keep}`} status={backups.data} />;
}

function BackupsForm({ status }: { status: BackupsStatus }) {
  const { t } = useTranslation(['backups', 'common']);
  const update = useUpdateBackupSchedule();
  const now = useBackUpNow();
  const [enabled, setEnabled] = useState(status.schedule.enabled);
  const [hour, setHour] = useState(status.schedule.hour);
  const [keep, setKeep] = useState(String(status.schedule.keep));
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const keepNumber = Number(keep);
  const keepValid = Number.isInteger(keepNumber) && keepNumber >= 1 && keepNumber <= 365;
  const changed = enabled !== status.schedule.enabled || hour !== status.schedule.hour || keepNumber !== status.schedule.keep;
  const last = status.lastResult;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (keepValid && changed) update.mutate({ enabled, hour, keep: keepNumber });
  };
  const download = () => {
    setDownloadError(null);
    downloadLatestBackup().catch((error: unknown) => setDownloadError(errorMessage(error)));
  };

  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('title')} data-testid="backups-form">
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('description', { directory: status.directory })}
          </Typography>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            {last ? (
              <Alert severity={last.ok ? 'success' : 'error'} data-testid="backups-last-result">
                {last.ok
                  ? t(last.encrypted ? 'lastOkEncrypted' : 'lastOk', { at: new Date(last.at).toLocaleString(), file: last.file })
                  : t('lastFailed', { at: new Date(last.at).toLocaleString(), error: last.error })}
              </Alert>
            ) : (
              <Alert severity="info">{t('none')}</Alert>
            )}
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
              label={t('daily')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('hour')}
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
                sx={{ minWidth: 160 }}
              >
                {HOURS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {`${String(value).padStart(2, '0')}:00 UTC`}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('keep')}
                value={keep}
                onChange={(event) => setKeep(event.target.value)}
                error={!keepValid}
                helperText={keepValid ? t('keepHint') : t('keepInvalid')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
            {now.isError ? <Alert severity="error">{errorMessage(now.error)}</Alert> : null}
            {downloadError ? <Alert severity="error">{downloadError}</Alert> : null}
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={!changed || !keepValid || update.isPending}>
                {t('common:actions.save')}
              </Button>
              <Button variant="outlined" onClick={() => now.mutate()} disabled={now.isPending}>
                {now.isPending ? t('backingUp') : t('now')}
              </Button>
              <Button variant="outlined" onClick={download} disabled={status.files.length === 0}>
                {t('download')}
              </Button>
            </Stack>
          </Stack>
        </Box>
        <Divider sx={{ my: 3 }} />
        <BackupPassphraseForm encryption={status.encryption} />
      </CardContent>
    </Card>
  );
}
