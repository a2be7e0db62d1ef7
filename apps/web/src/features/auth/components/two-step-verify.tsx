import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TwoStepMethod } from '@sms/contracts/two-step';
import type { LoginResponse } from '@sms/contracts/users';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpInput } from '../../../components/forms/otp-input';
import type { PendingTwoStep } from '../../../lib/auth/pending-two-step';
import { useSendSignInCode, useVerifyTwoStep } from '../../../api/users/two-step-login';
import { AuthHeading } from './auth-heading';
import { twoStepErrorView, type TwoStepErrorView } from './two-step-error';
import { TwoStepFailure } from './two-step-failure';
import { InputField } from '../../../components/forms/input-field';

/**
 * The code step: six boxes for the authenticator app's code (auto-submitted when full, pasting
 * fills them all), or a recovery code, or a code sent by SMS when the account can get one.
 */
export function TwoStepVerify({
  pending,
  loginPath,
  onSignedIn,
}: {
  pending: PendingTwoStep;
  loginPath: string;
  onSignedIn: (session: LoginResponse) => void;
}) {
  const { t } = useTranslation('account-access');
  const instructionId = useId();
  const [method, setMethod] = useState<TwoStepMethod>('totp');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [recoveryMissing, setRecoveryMissing] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<TwoStepErrorView | null>(null);
  const verify = useVerifyTwoStep();
  const sms = useSendSignInCode();

  const submit = async (chosen: TwoStepMethod, value: string) => {
    setFailure(null);
    try {
      onSignedIn(await verify.mutateAsync({ challenge: pending.challenge, method: chosen, code: value }));
    } catch (error) {
      setFailure(twoStepErrorView(error));
      setCode('');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'recovery') {
      setRecoveryMissing(recovery.trim() === '');
      if (recovery.trim() !== '') void submit('recovery', recovery);
    } else if (code.length === 6) void submit(method, code);
  };

  const textMe = async () => {
    setFailure(null);
    try {
      setSentTo((await sms.mutateAsync(pending.challenge)).sentTo);
      setMethod('sms');
      setCode('');
    } catch (error) {
      setFailure(twoStepErrorView(error));
    }
  };

  const switchTo = (next: TwoStepMethod) => {
    setFailure(null);
    setCode('');
    setMethod(next);
  };

  const instruction =
    method === 'recovery'
      ? t('twoStep.recoveryInstruction')
      : method === 'sms'
        ? t('twoStep.smsInstruction', { phone: sentTo ?? '' })
        : t('twoStep.totpInstruction');

  return (
    <>
      <AuthHeading title={t('twoStep.title')} />
      <Typography id={instructionId} color="text.secondary" sx={{ mt: -1.5, mb: 3 }}>
        {instruction}
      </Typography>
      {failure ? <TwoStepFailure view={failure} loginPath={loginPath} /> : null}
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="two-step-form">
        {method === 'recovery' ? (
          <InputField
            label={t('twoStep.recoveryCode')}
            value={recovery}
            onChange={(event) => setRecovery(event.target.value)}
            autoComplete="off"
            autoFocus
            fullWidth
            error={recoveryMissing}
            helperText={recoveryMissing ? t('twoStep.recoveryRequired') : t('twoStep.recoveryHint')}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', dir: 'ltr' } }}
          />
        ) : (
          <OtpInput
            value={code}
            onChange={setCode}
            onComplete={(full) => void submit(method, full)}
            disabled={verify.isPending}
            error={failure !== null}
            labelledBy={instructionId}
            autoFocus
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending} sx={{ mt: 3 }}>
          {t('twoStep.verify')}
        </Button>
      </Box>
      <Stack spacing={1} sx={{ mt: 2.5, alignItems: 'center' }}>
        {method === 'recovery' ? (
          <Link component="button" type="button" onClick={() => switchTo('totp')}>
            {t('twoStep.useApp')}
          </Link>
        ) : (
          <Link component="button" type="button" onClick={() => switchTo('recovery')}>
            {t('twoStep.useRecovery')}
          </Link>
        )}
        {pending.methods.includes('sms') ? (
          <Link component="button" type="button" onClick={() => void textMe()} disabled={sms.isPending}>
            {sentTo ? t('twoStep.smsAgain') : t('twoStep.smsSend')}
          </Link>
        ) : null}
      </Stack>
    </>
  );
}
