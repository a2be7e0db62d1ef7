import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';
import { EMPTY_SAMPLE_FORM, validateSample, type SampleForm } from '../gallery-form-rules';

const STEPS = ['contact', 'message', 'review'] as const;
const STEP_FIELDS: Record<(typeof STEPS)[number], readonly (keyof SampleForm)[]> = {
  contact: ['name', 'email', 'phone'],
  message: ['message'],
  review: [],
};

/** A multi-step form: each step checks its own fields before the next one opens. */
export function FormWizard() {
  const { t } = useTranslation('design-gallery');
  const [step, setStep] = useState(0);
  const current = STEPS[Math.min(step, STEPS.length - 1)]!;
  const { control, getValues, setError, clearErrors } = useForm<SampleForm>({ defaultValues: { ...EMPTY_SAMPLE_FORM, role: 'agent' } });
  const done = step >= STEPS.length;
  // The step's own rules, then the next step (the same messages as a whole-form resolver gives).
  const next = (event: FormEvent) => {
    event.preventDefault();
    clearErrors();
    const result = validateSample(getValues(), STEP_FIELDS[current]);
    if ('errors' in result) {
      for (const [field, message] of Object.entries(result.errors))
        setError(field as keyof SampleForm, { type: 'validate', message: typeof message === 'string' ? message : JSON.stringify(message) });
      return;
    }
    setStep((value) => value + 1);
  };
  return (
    <Box component="form" noValidate onSubmit={next} sx={{ maxWidth: 640 }}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((id) => (
          <Step key={id}>
            <StepLabel>{t(`wizard.steps.${id}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {done ? (
        <Alert severity="success">{t('wizard.done')}</Alert>
      ) : (
        <Stack spacing={2}>
          {current === 'contact' ? (
            <>
              <FormTextField control={control} name="name" label={t('elements.name')} required />
              <FormTextField control={control} name="email" label={t('layouts.email')} type="email" required />
              <FormTextField control={control} name="phone" label={t('layouts.fields.phone')} slotProps={{ htmlInput: { dir: 'ltr' } }} />
            </>
          ) : current === 'message' ? (
            <FormTextField control={control} name="message" label={t('layouts.message')} multiline minRows={3} required />
          ) : (
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
              {(['name', 'email', 'message'] as const).map((field) => (
                <Box key={field} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {t(`wizard.review.${field}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {getValues(field)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
            <Button disabled={step === 0} onClick={() => setStep((value) => value - 1)}>
              {t('wizard.back')}
            </Button>
            <Button type="submit" variant="contained">
              {current === 'review' ? t('wizard.finish') : t('wizard.next')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
