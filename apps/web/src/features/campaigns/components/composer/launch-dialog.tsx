import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

export interface LaunchDialogProps {
  open: boolean;
  /** Formatted date and time when scheduled; null to send now. */
  scheduledFor: string | null;
  recipients: number;
  segmentsPerMessage: number;
  /** Formatted cost, when known. */
  cost: string | null;
  /** Over the approval rule: the campaign is sent for approval instead (decision 101). */
  approval?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last check before sending or scheduling: how many people, how many parts each, how many in all. */
export function LaunchDialog({
  open,
  scheduledFor,
  recipients,
  segmentsPerMessage,
  cost,
  approval = false,
  busy,
  error,
  onConfirm,
  onClose,
}: LaunchDialogProps) {
  const { t } = useTranslation(['campaigns', 'kanban']);
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const figures = [
    { key: 'recipients', label: t('composer.estimates.recipients'), value: number.format(recipients) },
    { key: 'segments', label: t('composer.estimates.segmentsPerMessage'), value: number.format(segmentsPerMessage) },
    { key: 'total', label: t('composer.estimates.totalSegments'), value: number.format(recipients * segmentsPerMessage) },
    ...(cost ? [{ key: 'cost', label: t('composer.estimates.cost'), value: cost }] : []),
  ];
  return (
    <ConfirmDialog
      open={open}
      title={
        approval ? t('kanban:request.confirmTitle') : scheduledFor ? t('composer.launch.scheduleTitle') : t('composer.launch.sendTitle')
      }
      message={
        <>
          {approval ? <Typography sx={{ mb: 2 }}>{t('kanban:request.confirmMessage')}</Typography> : null}
          <Typography sx={{ mb: 2 }}>
            {scheduledFor
              ? t('composer.launch.scheduleMessage', { count: recipients, amount: number.format(recipients), time: scheduledFor })
              : t('composer.launch.sendMessage', { count: recipients, amount: number.format(recipients) })}
          </Typography>
          <Box
            component="dl"
            data-testid="launch-figures"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
          >
            {figures.map((figure) => (
              <Box key={figure.key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2">
                  {figure.label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontWeight: 700, textAlign: 'end' }}
                  data-testid={`launch-${figure.key}`}
                >
                  {figure.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      }
      confirmLabel={
        approval ? t('kanban:request.confirm') : scheduledFor ? t('composer.launch.scheduleConfirm') : t('composer.launch.sendConfirm')
      }
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
