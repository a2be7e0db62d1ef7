import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useResumeSending } from '../../../api/sending-hold/resume-sending';

/** The confirmation before an administrator resumes sending (the banner loads it when first wanted). */
export function ResumeSendingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('statuses');
  const resume = useResumeSending();
  return (
    <ConfirmDialog
      open={open}
      title={t('sendingHold.confirmTitle')}
      message={t('sendingHold.confirmMessage')}
      confirmLabel={t('sendingHold.resume')}
      busy={resume.isPending}
      error={resume.isError ? errorMessage(resume.error) : null}
      onClose={() => {
        onClose();
        resume.reset();
      }}
      onConfirm={() => resume.mutate(undefined, { onSuccess: onClose })}
    />
  );
}
