import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GatewayKind } from '@sms/contracts/gateways';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../../components/forms/input-field';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import type { GatewayFormOutput, GatewayFormValues } from '../gateway-form';
import { pairsFromForm, pairsToForm } from './config-fields';

export interface PairsInputProps {
  kind: GatewayKind;
  /** The setting (a `pairs` spec): labelled `kinds.<kind>.<name>`, its columns `<name>Name` and `<name>Value`. */
  name: string;
  control: Control<GatewayFormValues, unknown, GatewayFormOutput>;
}

/** Name/value rows (an http gateway's request template and headers): one row per parameter, added and removed. */
export function PairsInput({ kind, name, control }: PairsInputProps) {
  const { t, i18n } = useTranslation('gateways');
  const errorText = useFieldErrorText();
  const hintKey = `kinds.${kind}.${name}Hint`;
  return (
    <Controller
      control={control}
      name={`config.${name}`}
      render={({ field, fieldState }) => {
        const rows = pairsFromForm(field.value);
        const change = (next: Array<[string, string]>) => field.onChange(pairsToForm(next));
        const label = t(`kinds.${kind}.${name}`);
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={`pairs-${name}`}>
            <Typography component="legend" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
              {label}
            </Typography>
            {rows.map(([key, value], index) => (
              <Box key={index} sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1, mb: 1.5, alignItems: 'flex-start' }}>
                <InputField
                  sx={{ flex: { xs: '1 1 100%', sm: '0 0 35%' } }}
                  size="small"
                  label={t(`kinds.${kind}.${name}Name`)}
                  name={`${field.name}.${index}.name`}
                  value={key}
                  onChange={(event) => change(rows.map((row, at) => (at === index ? [event.target.value, row[1]] : row)))}
                  onBlur={field.onBlur}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <InputField
                  sx={{ flex: '1 1 0', minWidth: 0 }}
                  size="small"
                  label={t(`kinds.${kind}.${name}Value`)}
                  name={`${field.name}.${index}.value`}
                  value={value}
                  onChange={(event) => change(rows.map((row, at) => (at === index ? [row[0], event.target.value] : row)))}
                  onBlur={field.onBlur}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <IconButton
                  aria-label={t('kinds.http.removeRow', { name: key || String(index + 1) })}
                  onClick={() => change(rows.filter((_, at) => at !== index))}
                >
                  <IconTrash size={20} />
                </IconButton>
              </Box>
            ))}
            <Button size="small" startIcon={<IconPlus size={18} />} onClick={() => change([...rows, ['', '']])}>
              {t('kinds.http.addRow', { what: label })}
            </Button>
            {fieldState.error ? (
              <FormHelperText error>{errorText(fieldState.error.message)}</FormHelperText>
            ) : i18n.exists(hintKey, { ns: 'gateways' }) ? (
              <FormHelperText>{t(hintKey, { skipInterpolation: true })}</FormHelperText>
            ) : null}
          </Box>
        );
      }}
    />
  );
}
