import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useCancelImport } from '../../../api/imports/cancel-import';
import { ImportCounts } from './import-counts';
import { formatElapsed, progressPercent, rowsPerSecond } from './import-stats';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** Step 3: live figures while the job runs (polled), with a cancel that asks first. */
export function ProgressStep({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const cancel = useCancelImport();
  const [confirming, setConfirming] = useState(false);
  const percent = progressPercent(summary);
  const rate = rowsPerSecond(summary);
  const elapsed = formatElapsed(summary.elapsedMs) ?? '0:00';
  const stopping = summary.cancelRequested || cancel.isSuccess;

  return (
    <Stack spacing={3}>
      <Box role="status" aria-live="polite" aria-atomic="false">
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {stopping
            ? t('progress.stopping')
            : summary.status === 'queued'
              ? t('progress.queued')
              : t('progress.running', { file: summary.fileName })}
        </Typography>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={t('progress.label')}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap', color: 'text.secondary' }}>
          {percent !== null ? <Typography variant="body2">{t('progress.percent', { percent: Math.floor(percent) })}</Typography> : null}
          <Typography variant="body2" data-testid="import-elapsed">
            {t('progress.elapsed', { elapsed })}
          </Typography>
          {rate !== null ? (
            <Typography variant="body2" data-testid="import-rate">
              {t('progress.rate', { rate: new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(rate) })}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <ImportCounts counts={summary.counts} />
      {cancel.isError ? <Alert severity="error">{errorMessage(cancel.error)}</Alert> : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          color="error"
          variant="outlined"
          startIcon={<IconPlayerStop size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
          disabled={stopping}
        >
          {t('progress.cancel')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('progress.cancelTitle')}
        message={t('progress.cancelMessage')}
        confirmLabel={t('progress.cancelConfirm')}
        cancelLabel={t('progress.keepRunning')}
        danger
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(summary.id, { onSuccess: () => setConfirming(false) })}
      />
    </Stack>
  );
}
