import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LoginEnrolResponse, TwoStepSetup } from '@sms/contracts/two-step';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpInput } from '../../../components/forms/otp-input';
import { RecoveryCodesList } from '../../../components/recovery-codes-list';
import { TotpQrCode } from '../../../components/totp-qr-code';
import { useEnableAtSignIn, useSetupAtSignIn } from '../../../api/users/two-step-login';
import { AuthHeading } from './auth-heading';
import { twoStepErrorView, type TwoStepErrorView } from './two-step-error';
import { TwoStepFailure } from './two-step-failure';

/**
 * Enrolment during sign-in (an admin requires two-step verification): scan, confirm with a
 * code, keep the recovery codes, and only then is the session started (`onDone`).
 */
export function EnrolAtSignIn({
  challenge,
  loginPath,
  onDone,
}: {
  challenge: string;
  loginPath: string;
  onDone: (session: LoginEnrolResponse) => void;
}) {
  const { t } = useTranslation('account-access');
  const instructionId = useId();
  const setup = useSetupAtSignIn();
  const enable = useEnableAtSignIn();
  const [secret, setSecret] = useState<TwoStepSetup | null>(null);
  const [code, setCode] = useState('');
  const [session, setSession] = useState<LoginEnrolResponse | null>(null);
  const [failure, setFailure] = useState<TwoStepErrorView | null>(null);

  const start = async () => {
    setFailure(null);
    try {
      setSecret(await setup.mutateAsync(challenge));
    } catch (error) {
      setFailure(twoStepErrorView(error));
    }
  };

  const confirm = async (value: string) => {
    setFailure(null);
    try {
      setSession(await enable.mutateAsync({ challenge, code: value }));
    } catch (error) {
      setFailure(twoStepErrorView(error));
      setCode('');
    }
  };

  if (session) {
    return (
      <>
        <AuthHeading title={t('enrol.codesTitle')} subtitle={t('enrol.codesSubtitle')} />
        <RecoveryCodesList codes={session.recoveryCodes} />
        <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} onClick={() => onDone(session)}>
          {t('enrol.continue')}
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={t('enrol.title')} subtitle={t('enrol.subtitle')} />
      {failure ? <TwoStepFailure view={failure} loginPath={loginPath} /> : null}
      {secret ? (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length === 6) void confirm(code);
          }}
        >
          <Typography sx={{ mb: 2 }}>{t('enrol.scan')}</Typography>
          <TotpQrCode setup={secret} />
          <Typography id={instructionId} sx={{ mt: 3, mb: 1.5 }}>
            {t('enrol.enterCode')}
          </Typography>
          <OtpInput
            value={code}
            onChange={setCode}
            onComplete={(full) => void confirm(full)}
            disabled={enable.isPending}
            error={failure !== null}
            labelledBy={instructionId}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={enable.isPending} sx={{ mt: 3 }}>
            {t('enrol.confirm')}
          </Button>
        </Box>
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('enrol.required')}
          </Alert>
          <Button variant="contained" size="large" fullWidth loading={setup.isPending} onClick={() => void start()}>
            {t('enrol.start')}
          </Button>
        </>
      )}
    </>
  );
}
