import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';
import type { SecuritySettings } from '@sms/contracts/security-settings';
import type { SecurityFormValues } from './security-form';

/**
 * Where password-reset links point (never the address a request came in on). PUBLIC_URL, when the
 * server sets it, wins: the field then says so.
 */
export function PublicAddressField({
  control,
  publicUrl,
  disabled,
}: {
  control: Control<SecurityFormValues, unknown, SecuritySettings>;
  publicUrl: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <Stack spacing={1}>
      <FormTextField
        control={control}
        name="publicAddress"
        label={t('publicAddress')}
        helperText={t('publicAddressHint')}
        placeholder="https://sms.example.org"
        disabled={disabled}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
      />
      {publicUrl ? (
        <Alert severity="info" data-testid="public-url-from-env">
          {t('publicAddressFromEnv', { url: publicUrl })}
        </Alert>
      ) : null}
    </Stack>
  );
}
