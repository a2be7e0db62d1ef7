import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TwoStepSetup, TwoStepStatus } from '@sms/contracts/two-step';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { OtpInput } from '../../../components/forms/otp-input';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RecoveryCodesList } from '../../../components/recovery-codes-list';
import { RetryAlert } from '../../../components/retry-alert';
import { TotpQrCode } from '../../../components/totp-qr-code';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDisableTwoStep, useEnableTwoStep, useReplaceRecoveryCodes, useSetupTwoStep } from '../../../api/account/two-step-actions';
import { useTwoStepStatus } from '../../../api/account/two-step-status';
import { PasswordDialog } from './password-dialog';

/** Two-step verification of one's own account: set up with a QR code, recovery codes, turn off. */
export function TwoStepPanel() {
  const { t } = useTranslation(['account', 'common']);
  const status = useTwoStepStatus();
  // Codes are shown once, right after they are made; leaving the panel forgets them.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (status.isPending) return <FullPageLoader />;
  if (status.isError) {
    return <RetryAlert error={status.error} onRetry={() => void status.refetch()} />;
  }
  return (
    <Box data-testid="two-step-panel">
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('twoStep.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('twoStep.description')}
      </Typography>
      {codes ? (
        <Box>
          <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
            {t('twoStep.codesTitle')}
          </Typography>
          <RecoveryCodesList codes={codes} />
          <Button variant="contained" sx={{ mt: 3 }} onClick={() => setCodes(null)}>
            {t('twoStep.codesSaved')}
          </Button>
        </Box>
      ) : status.data.enabled ? (
        <EnabledView status={status.data} onNewCodes={setCodes} />
      ) : (
        <SetupView required={status.data.required} onEnabled={setCodes} />
      )}
    </Box>
  );
}

function SetupView({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const instructionId = useId();
  const setup = useSetupTwoStep();
  const enable = useEnableTwoStep();
  const [secret, setSecret] = useState<TwoStepSetup | null>(null);
  const [code, setCode] = useState('');

  const confirm = async (value: string) => {
    try {
      onEnabled((await enable.mutateAsync(value)).recoveryCodes);
    } catch {
      setCode('');
    }
  };
  const enableError =
    enable.error instanceof ApiError && enable.error.code === 'INVALID_CODE'
      ? t('twoStep.invalidCode')
      : enable.error
        ? errorMessage(enable.error)
        : null;

  return (
    <Stack spacing={2.5}>
      <Box>
        <Chip label={t('twoStep.off')} size="small" />
      </Box>
      {required ? <Alert severity="warning">{t('twoStep.requiredNotice')}</Alert> : null}
      {secret ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length === 6) void confirm(code);
          }}
          data-testid="two-step-setup"
        >
          <Typography sx={{ mb: 2 }}>{t('twoStep.scan')}</Typography>
          <TotpQrCode setup={secret} />
          <Typography id={instructionId} sx={{ mt: 3, mb: 1.5 }}>
            {t('twoStep.enterCode')}
          </Typography>
          {enableError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {enableError}
            </Alert>
          ) : null}
          <Box sx={{ maxWidth: 420 }}>
            <OtpInput
              value={code}
              onChange={setCode}
              onComplete={(full) => void confirm(full)}
              disabled={enable.isPending}
              error={enableError !== null}
              labelledBy={instructionId}
              autoFocus
            />
          </Box>
          <Button type="submit" variant="contained" loading={enable.isPending} sx={{ mt: 3 }}>
            {t('twoStep.confirm')}
          </Button>
        </Box>
      ) : (
        <Box>
          {setup.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(setup.error)}
            </Alert>
          ) : null}
          <Button variant="contained" loading={setup.isPending} onClick={() => void setup.mutateAsync().then(setSecret, () => undefined)}>
            {t('twoStep.setUp')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function EnabledView({ status, onNewCodes }: { status: TwoStepStatus; onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const replace = useReplaceRecoveryCodes();
  const disable = useDisableTwoStep();
  const [dialog, setDialog] = useState<'codes' | 'disable' | null>(null);

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={t('twoStep.on')} color="success" size="small" />
        {status.enabledAt ? (
          <Typography variant="body2" color="text.secondary">
            {t('twoStep.since')} <DateTime value={status.enabledAt} fallback="" />
          </Typography>
        ) : null}
      </Stack>
      <Typography>{t('twoStep.codesLeft', { count: status.recoveryCodesLeft })}</Typography>
      {status.required ? <Alert severity="info">{t('twoStep.requiredOn')}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => setDialog('codes')}>
          {t('twoStep.replaceCodes')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('disable')} disabled={status.required}>
          {t('twoStep.turnOff')}
        </Button>
      </Stack>
      <PasswordDialog
        open={dialog === 'codes'}
        title={t('twoStep.replaceCodes')}
        text={t('twoStep.replaceCodesText')}
        confirmLabel={t('twoStep.replaceCodesConfirm')}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          const { recoveryCodes } = await replace.mutateAsync({ password });
          setDialog(null);
          onNewCodes(recoveryCodes);
        }}
      />
      <PasswordDialog
        open={dialog === 'disable'}
        title={t('twoStep.turnOff')}
        text={t('twoStep.turnOffText')}
        confirmLabel={t('twoStep.turnOffConfirm')}
        danger
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          await disable.mutateAsync({ password });
          setDialog(null);
        }}
      />
    </Stack>
  );
}
