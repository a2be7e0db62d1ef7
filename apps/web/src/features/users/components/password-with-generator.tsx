import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch, type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField } from '../../../components/forms/form-password-field';
import { PasswordStrengthMeter } from '../../../components/forms/password-strength-meter';
import { generatePassword } from './generate-password';

/** A new-password field with a "generate strong password" button (shows what it generated) and the strength hints. */
export function PasswordWithGenerator<T extends FieldValues, C, O extends FieldValues>({
  control,
  setValue,
  name,
  label,
  helperText,
  required,
}: {
  control: Control<T, C, O>;
  setValue: UseFormSetValue<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('users');
  const [visible, setVisible] = useState(false);
  const password = useWatch({ control, name }) as string;
  const generate = () => {
    setValue(name, generatePassword() as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
    setVisible(true);
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormPasswordField
          control={control}
          name={name}
          label={label}
          helperText={helperText}
          required={required}
          autoComplete="new-password"
          visible={visible}
          onVisibleChange={setVisible}
        />
        <Button variant="outlined" onClick={generate} startIcon={<IconWand size={18} aria-hidden />} sx={{ flexShrink: 0, height: 56 }}>
          {t('form.generatePassword')}
        </Button>
      </Stack>
      <PasswordStrengthMeter password={password ?? ''} />
    </Box>
  );
}
