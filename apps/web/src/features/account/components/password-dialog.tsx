import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordConfirmBodySchema } from '@sms/contracts/two-step';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { showSubmitError } from '../../../components/forms/server-field-error';

/** Asks for the account password before a sensitive change; `onConfirm` rejects to show the error. */
export function PasswordDialog({
  open,
  title,
  text,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(passwordConfirmBodySchema),
    defaultValues: { password: '' },
  });

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await onConfirm(password);
      reset();
    } catch (error) {
      showSubmitError(error, ['password'] as const, setError, setFailure);
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <FormPasswordField
            control={control}
            name="password"
            label={t('twoStep.password')}
            autoComplete="current-password"
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} loading={formState.isSubmitting}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
