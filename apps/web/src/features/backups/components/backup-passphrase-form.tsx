import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BACKUP_PASSPHRASE_MIN_LENGTH, type BackupEncryption } from '@sms/contracts/data-lifecycle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useSetBackupPassphrase } from '../../../api/backups/set-backup-passphrase';

const STATE_SEVERITY = { on: 'success', off: 'warning', missing: 'error' } as const;

/**
 * The passphrase scheduled backups, "Back up now" and "Download latest" are encrypted with
 * (administrators): set, changed or removed, never shown back. Typed twice: a slip would lock the
 * backups away.
 */
export function BackupPassphraseForm({ encryption }: { encryption: BackupEncryption }) {
  const { t } = useTranslation('backups');
  const save = useSetBackupPassphrase();
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const long = [...passphrase].length >= BACKUP_PASSPHRASE_MIN_LENGTH;
  const same = passphrase === again;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!long || !same) return;
    setDone(null);
    save.mutate(
      { passphrase },
      {
        onSuccess: () => {
          setPassphrase('');
          setAgain('');
          setDone('saved');
        },
      },
    );
  };
  const remove = () => {
    setDone(null);
    save.mutate({ passphrase: null }, { onSuccess: () => setDone('removed') });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('encryption.title')} data-testid="backup-passphrase-form">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('encryption.title')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Alert severity={STATE_SEVERITY[encryption.state]} data-testid="backup-encryption-state">
          {encryption.state === 'on'
            ? t('encryption.on', { at: encryption.setAt ? new Date(encryption.setAt).toLocaleString() : '' })
            : t(`encryption.${encryption.state}`)}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          {t('encryption.explain')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="password"
            label={t('encryption.passphrase')}
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            autoComplete="new-password"
            error={passphrase !== '' && !long}
            helperText={t('encryption.tooShort', { min: BACKUP_PASSPHRASE_MIN_LENGTH })}
            fullWidth
          />
          <TextField
            type="password"
            label={t('encryption.again')}
            value={again}
            onChange={(event) => setAgain(event.target.value)}
            autoComplete="new-password"
            error={again !== '' && !same}
            helperText={again !== '' && !same ? t('encryption.mismatch') : ' '}
            fullWidth
          />
        </Stack>
        {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
        {done ? <Alert severity="success">{t(`encryption.${done}`)}</Alert> : null}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!long || !same || save.isPending}>
            {encryption.state === 'on' ? t('encryption.change') : t('encryption.set')}
          </Button>
          {encryption.state === 'off' ? null : (
            <Button variant="outlined" color="warning" onClick={remove} disabled={save.isPending}>
              {t('encryption.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
