import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { validationResolver } from '../../../components/forms/validation-resolver';
import { EMPTY_SAMPLE_FORM, validateSample, type SampleForm } from '../gallery-form-rules';

const ROLES = ['admin', 'manager', 'agent'] as const;

/** A form with the product's bound fields: submitting it empty or wrong shows the translated messages. */
export function FormValidation() {
  const { t } = useTranslation('design-gallery');
  const [sent, setSent] = useState(false);
  const { control, handleSubmit, reset } = useForm<SampleForm>({
    defaultValues: EMPTY_SAMPLE_FORM,
    resolver: validationResolver((values: SampleForm) => validateSample(values)),
  });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(() => setSent(true))} sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        {sent ? (
          <Alert severity="success" onClose={() => setSent(false)}>
            {t('validation.sent')}
          </Alert>
        ) : null}
        <FormTextField control={control} name="name" label={t('elements.name')} required />
        <FormTextField control={control} name="email" label={t('layouts.email')} type="email" required />
        <FormTextField control={control} name="phone" label={t('layouts.fields.phone')} slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <FormSelectField
          control={control}
          name="role"
          label={t('validation.role')}
          required
          options={ROLES.map((role) => ({ value: role, label: t(`validation.roles.${role}`) }))}
        />
        <FormTextField control={control} name="message" label={t('layouts.message')} multiline minRows={2} required />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained">
            {t('validation.submit')}
          </Button>
          <Button
            onClick={() => {
              reset(EMPTY_SAMPLE_FORM);
              setSent(false);
            }}
          >
            {t('validation.reset')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
