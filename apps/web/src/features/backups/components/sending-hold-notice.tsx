import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../components/date-time';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useResumeSending } from '../../../lib/sending-hold/resume-sending';
import { useSendingHold } from '../../../lib/sending-hold/get-sending-hold';

/**
 * The signed-in layout's banner while sending is on hold (after a restore, or held before a move;
 * decision 072): everyone sees why nothing is sent; administrators resume it here, after a
 * confirmation, with the one audited switch.
 */
export function SendingHoldNotice() {
  const { t } = useTranslation('statuses');
  const { language } = useLanguage();
  const canResume = useAbility().can('update', 'Settings');
  const hold = useSendingHold();
  const resume = useResumeSending();
  const [confirming, setConfirming] = useState(false);
  if (!hold.data?.held) return null;
  const date = formatDateTime(hold.data.since, language) ?? '';
  return (
    <>
      <Alert
        severity="warning"
        data-testid="sending-hold-banner"
        sx={{ mb: 3 }}
        action={
          canResume ? (
            <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setConfirming(true)}>
              {t('sendingHold.resume')}
            </Button>
          ) : null
        }
      >
        <AlertTitle>{t('sendingHold.title')}</AlertTitle>
        {hold.data.reason === 'manual' ? t('sendingHold.manual', { date }) : t('sendingHold.restored', { date })}
      </Alert>
      <ConfirmDialog
        open={confirming}
        title={t('sendingHold.confirmTitle')}
        message={t('sendingHold.confirmMessage')}
        confirmLabel={t('sendingHold.resume')}
        busy={resume.isPending}
        error={resume.isError ? errorMessage(resume.error) : null}
        onClose={() => {
          setConfirming(false);
          resume.reset();
        }}
        onConfirm={() => resume.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  );
}
