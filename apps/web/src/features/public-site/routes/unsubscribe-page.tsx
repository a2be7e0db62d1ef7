import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HydratedForm } from '../../../components/forms/hydrated-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirmUnsubscribe } from '../../../api/public-site/confirm-unsubscribe';
import { useUnsubscribe } from '../../../api/public-site/unsubscribe';
import { publicErrorText } from '../components/public-error';
import { InputField } from '../../../components/forms/input-field';

/** /frontend-pages/unsubscribe: number, then the texted code, then no more messages. */
export default function UnsubscribePage() {
  const { t } = useTranslation('public');
  const request = useUnsubscribe();
  const confirm = useConfirmUnsubscribe();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'ask' | 'code' | 'done'>('ask');
  const [problem, setProblem] = useState<string | null>(null);
  usePageTitle(t('unsubscribe.pageTitle'), { description: t('unsubscribe.description') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      if (step === 'ask') {
        if (!phone.trim()) return setProblem(t('form.phoneRequired'));
        await request.mutateAsync({ phone: phone.trim() });
        setStep('code');
      } else {
        if (!/^\d{6}$/.test(code.trim())) return setProblem(t('form.codeRequired'));
        await confirm.mutateAsync({ phone: phone.trim(), code: code.trim() });
        setStep('done');
      }
    } catch (error) {
      setProblem(publicErrorText(error, t));
    }
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('unsubscribe.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('unsubscribe.description')}
      </Typography>
      {step === 'done' ? (
        <Alert severity="success">{t('unsubscribe.done')}</Alert>
      ) : (
        <HydratedForm noValidate onSubmit={submit} aria-label={t('unsubscribe.title')}>
          <Stack spacing={2}>
            {step === 'ask' ? (
              <InputField
                label={t('form.phone')}
                helperText={t('form.phoneHint')}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                type="tel"
                required
                slotProps={{ htmlInput: { autoComplete: 'tel', dir: 'ltr' } }}
              />
            ) : (
              <>
                <Alert severity="info">{t('unsubscribe.codeSent', { phone: phone.trim() })}</Alert>
                <InputField
                  label={t('form.code')}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  required
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
                />
              </>
            )}
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" disabled={request.isPending || confirm.isPending}>
                {step === 'ask' ? t('form.submit') : t('form.confirm')}
              </Button>
            </Box>
          </Stack>
        </HydratedForm>
      )}
    </Box>
  );
}
