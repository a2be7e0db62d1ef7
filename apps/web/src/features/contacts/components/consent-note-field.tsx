import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { CONTACT_LIMITS } from '@sms/contracts/contacts';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';
import type { ContactFormInput, ContactFormValues } from './contact-form-schema';

/**
 * Opting an opted-out contact back in by hand: how they agreed to receive messages again. Kept
 * with the contact and in the audit log (admins and managers only; agents cannot opt in).
 */
export function ConsentNoteField({ control }: { control: Control<ContactFormInput, unknown, ContactFormValues> }) {
  const { t } = useTranslation('contacts');
  return (
    <Stack spacing={1.5} data-testid="consent-note">
      <Alert severity="info">{t('consent.explain')}</Alert>
      <FormTextField
        control={control}
        name="consentNote"
        label={t('consent.label')}
        helperText={t('consent.hint')}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.consentNoteMax } }}
      />
    </Stack>
  );
}
