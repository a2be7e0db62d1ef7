import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { GatewayKind } from '@sms/contracts/gateways';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import type { GatewayFormOutput, GatewayFormValues } from '../gateway-form';
import type { ConfigFieldSpec } from './config-fields';

export interface ConfigInputProps {
  kind: GatewayKind;
  spec: ConfigFieldSpec;
  control: Control<GatewayFormValues, unknown, GatewayFormOutput>;
  /** Unit shown after the value (ms, s, /s). */
  unit?: string;
}

/** One setting of a gateway kind, labelled `kinds.<kind>.<name>` with the hint `kinds.<kind>.<name>Hint` when there is one. */
export function ConfigInput({ kind, spec, control, unit }: ConfigInputProps) {
  const { t, i18n } = useTranslation('gateways');
  const errorText = useFieldErrorText();
  const label = t(`kinds.${kind}.${spec.name}`);
  const hintKey = `kinds.${kind}.${spec.name}Hint`;
  // Hints are plain text: an http gateway's show its {{placeholders}} as they are typed.
  const hint = i18n.exists(hintKey, { ns: 'gateways' }) ? t(hintKey, { skipInterpolation: true }) : undefined;
  return (
    <Controller
      control={control}
      name={`config.${spec.name}`}
      render={({ field, fieldState }) => {
        if (spec.type === 'boolean') {
          return (
            <FormControlLabel
              control={
                <Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} name={field.name} />
              }
              label={label}
            />
          );
        }
        const end = spec.type === 'percent' ? '%' : unit;
        return (
          <TextField
            fullWidth
            select={spec.type === 'choice' || spec.type === 'options'}
            multiline={spec.type === 'lines'}
            minRows={spec.type === 'lines' ? 3 : undefined}
            label={label}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? errorText(fieldState.error.message) : hint}
            slotProps={{
              htmlInput:
                spec.type === 'int' || spec.type === 'percent'
                  ? { inputMode: spec.type === 'int' ? 'numeric' : 'decimal', dir: 'ltr' }
                  : { dir: spec.type === 'lines' ? undefined : 'ltr' },
              input: end ? { endAdornment: <InputAdornment position="end">{end}</InputAdornment> } : undefined,
            }}
          >
            {spec.type === 'choice' || spec.type === 'options'
              ? spec.options.map((option) => (
                  <MenuItem key={option} value={String(option)}>
                    {spec.type === 'options' && i18n.exists(`kinds.${kind}.${spec.name}Options.${option}`, { ns: 'gateways' })
                      ? t(`kinds.${kind}.${spec.name}Options.${option}`)
                      : option}
                  </MenuItem>
                ))
              : null}
          </TextField>
        );
      }}
    />
  );
}
