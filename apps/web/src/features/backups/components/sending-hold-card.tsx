import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useHoldSending } from '../../../api/sending-hold/hold-sending';
import { useSendingHold } from '../../../api/sending-hold/get-sending-hold';

/**
 * Configurations -> Maintenance (administrators): hold sending before moving the installation
 * (back up, stop, restore elsewhere, resume there; decision 072). Resuming is the banner's button.
 */
export function SendingHoldCard() {
  const { t } = useTranslation(['backups', 'common']);
  const hold = useSendingHold();
  const holdSending = useHoldSending();
  const [confirming, setConfirming] = useState(false);
  const held = hold.data?.held === true;
  return (
    <Card sx={{ mt: 3 }} data-testid="sending-hold-card">
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          {t('hold.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3, maxWidth: 640 }}>
          {t('hold.description')}
        </Typography>
        {held ? (
          <Alert severity="info" sx={{ maxWidth: 640 }}>
            {t('hold.held')}
          </Alert>
        ) : (
          <Button variant="outlined" color="warning" disabled={!hold.data} onClick={() => setConfirming(true)}>
            {t('hold.button')}
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('hold.confirmTitle')}
        message={t('hold.confirmMessage')}
        confirmLabel={t('hold.button')}
        danger
        busy={holdSending.isPending}
        error={holdSending.isError ? errorMessage(holdSending.error) : null}
        onClose={() => {
          setConfirming(false);
          holdSending.reset();
        }}
        onConfirm={() => holdSending.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
