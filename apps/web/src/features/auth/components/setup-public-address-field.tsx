import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';

/** The address this browser is on: the first admin's setup offers it as the app's public address. */
export const browserAddress = (): string => window.location.origin;

/**
 * First-admin setup: the public address reset links will point to, filled in from the browser and
 * editable (Configurations -> Security changes it later). Its own field group in the setup form.
 */
export function SetupPublicAddressField<T extends FieldValues, O extends FieldValues>({ control }: { control: Control<T, unknown, O> }) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      control={control}
      name={'publicAddress' as Path<T>}
      label={t('setup.publicAddress')}
      helperText={t('setup.publicAddressHint')}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
    />
  );
}
