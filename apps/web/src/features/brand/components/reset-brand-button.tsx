import Button from '@mui/material/Button';
import type { BrandSettings } from '@sms/contracts/brand';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand/use-brand';

/** "Reset to defaults" behind a confirmation; the server's defaults replace every setting. */
export function ResetBrandButton({ disabled, onReset }: { disabled?: boolean; onReset: (defaults: BrandSettings) => void }) {
  const { t } = useTranslation('brand');
  const { reset } = useBrand();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const defaults = await reset();
      setOpen(false);
      onReset(defaults);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<IconRestore size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {t('actions.reset')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('resetDialog.title')}
        message={t('resetDialog.message')}
        confirmLabel={t('resetDialog.confirm')}
        danger
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </>
  );
}
