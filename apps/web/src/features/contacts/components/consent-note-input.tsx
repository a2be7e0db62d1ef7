import { CONTACT_LIMITS } from '@sms/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';

/** The consent note of a bulk opt-in (the confirmation dialog's field). */
export function ConsentNoteInput({ value, onChange, missing }: { value: string; onChange: (value: string) => void; missing: boolean }) {
  const { t } = useTranslation(['contacts', 'forms']);
  return (
    <InputField
      fullWidth
      required
      multiline
      minRows={2}
      sx={{ mt: 2 }}
      label={t('consent.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={missing}
      helperText={missing ? t('forms:validation.consentNoteRequired') : t('consent.hint')}
      slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.consentNoteMax, 'data-testid': 'bulk-consent-note' } }}
    />
  );
}
