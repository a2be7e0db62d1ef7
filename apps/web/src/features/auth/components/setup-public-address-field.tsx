import { publicAddressSchema } from '@sms/contracts/security-settings';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';

/** The address this browser is on: the first admin's setup offers it as the app's public address. */
export const browserAddress = (): string => window.location.origin;

/** Whether the field's text may be sent: empty (no address yet) or an address the server accepts. */
export const publicAddressAccepted = (value: string): boolean => value.trim() === '' || publicAddressSchema.safeParse(value).success;

/**
 * First-run setup: the public address password-reset links will point to (never the address a
 * request came in on), filled in from the browser and editable; Configurations -> Security
 * changes it later. Its own field group, passed to the shared registration form.
 */
export function SetupPublicAddressField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation(['auth', 'forms']);
  const accepted = publicAddressAccepted(value);
  return (
    <InputField
      fullWidth
      id="setup-public-address"
      label={t('setup.publicAddress')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!accepted}
      helperText={accepted ? t('setup.publicAddressHint') : t('forms:validation.publicAddress')}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
    />
  );
}
