import Button from '@mui/material/Button';
import type { User } from '@sms/contracts/users';
import { IconKey, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { errorMessage } from '../../../lib/api-client';
import { useResetTwoStep, useSendPasswordReset } from '../../../api/users/user-security';

/** Admin actions on someone's sign-in: send a password reset link, reset two-step verification. */
export function UserSecurityActions({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const sendReset = useSendPasswordReset();
  const resetTwoStep = useResetTwoStep();
  const [confirming, setConfirming] = useState<'reset-link' | 'two-step' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async () => {
    try {
      if (confirming === 'reset-link') {
        await sendReset.mutateAsync(user.id);
        setNotice(t('security.resetLinkSent', { name: user.name }));
      } else {
        await resetTwoStep.mutateAsync(user.id);
        setNotice(t('security.twoStepReset', { name: user.name }));
      }
      setConfirming(null);
    } catch {
      // shown in the dialog
    }
  };
  const pending = sendReset.isPending || resetTwoStep.isPending;
  const failure = confirming === 'reset-link' ? sendReset.error : confirming === 'two-step' ? resetTwoStep.error : null;

  return (
    <>
      <Button variant="outlined" startIcon={<IconKey size={18} aria-hidden />} onClick={() => setConfirming('reset-link')}>
        {t('security.sendResetLink')}
      </Button>
      {user.twoStepEnabled ? (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<IconShieldOff size={18} aria-hidden />}
          onClick={() => setConfirming('two-step')}
        >
          {t('security.resetTwoStep')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'two-step' ? t('security.resetTwoStepTitle') : t('security.sendResetLinkTitle')}
        message={
          confirming === 'two-step'
            ? t('security.resetTwoStepText', { name: user.name })
            : t('security.sendResetLinkText', { name: user.name, email: user.email })
        }
        confirmLabel={confirming === 'two-step' ? t('security.resetTwoStep') : t('security.sendResetLink')}
        danger={confirming === 'two-step'}
        busy={pending}
        error={failure ? errorMessage(failure) : null}
        onConfirm={() => void run()}
        onClose={() => setConfirming(null)}
      />
      <MessageSnackbar message={notice} autoHideDuration={6000} onClose={() => setNotice(null)} />
    </>
  );
}
