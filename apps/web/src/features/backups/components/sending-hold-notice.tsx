import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import { OnceOpened } from '../../../components/once-opened';
import { useLanguage } from '../../../lib/i18n/use-language';
import { lazyPage } from '../../../lib/lazy-page';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useSendingHold } from '../../../api/sending-hold/get-sending-hold';

/** The confirmation (MUI's dialog) downloads when an administrator reaches for the button, not with every page. */
const ResumeSendingDialog = lazyPage(async () => ({ default: (await import('./resume-sending-dialog')).ResumeSendingDialog }));

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
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onPointerEnter={() => void ResumeSendingDialog.preload()}
              onFocus={() => void ResumeSendingDialog.preload()}
              onClick={() => setConfirming(true)}
            >
              {t('sendingHold.resume')}
            </Button>
          ) : null
        }
      >
        <AlertTitle>{t('sendingHold.title')}</AlertTitle>
        {hold.data.reason === 'manual' ? t('sendingHold.manual', { date }) : t('sendingHold.restored', { date })}
      </Alert>
      <OnceOpened open={confirming}>
        <ResumeSendingDialog open={confirming} onClose={() => setConfirming(false)} />
      </OnceOpened>
    </>
  );
}
