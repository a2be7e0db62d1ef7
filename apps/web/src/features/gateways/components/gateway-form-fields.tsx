import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Gateway } from '@sms/contracts/gateways';
import { useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/form-text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateGateway } from '../../../api/gateways/create-gateway';
import { useUpdateGateway } from '../../../api/gateways/update-gateway';
import {
  gatewayFormDefaults,
  gatewayUpdateBody,
  validateGatewayForm,
  type GatewayFormOutput,
  type GatewayFormValues,
} from './gateway-form';
import type { GatewayKindDefinition } from './kinds/gateway-kind';

/** Turns flat "a.b" errors into the nested shape react-hook-form expects. */
function nested(errors: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [first = path, second] = path.split('.');
    if (second) ((out[first] ??= {}) as Record<string, unknown>)[second] = { type: 'validate', message };
    else out[first] = { type: 'validate', message };
  }
  return out;
}

export interface GatewayFormProps {
  id: string;
  gateway: Gateway | null;
  definition: GatewayKindDefinition;
  onSaved: (gateway: Gateway) => void;
}

/** The form inside the gateway dialog (submitted by the dialog's button through `id`). */
export function GatewayForm({ id, gateway, definition, onSaved }: GatewayFormProps) {
  const { t } = useTranslation('gateways');
  const creation = useCreateGateway();
  const update = useUpdateGateway();
  const [failure, setFailure] = useState<string | null>(null);
  const secretsSet = gateway?.secretsSet ?? [];
  const resolver: Resolver<GatewayFormValues, unknown, GatewayFormOutput> = (values) => {
    const result = validateGatewayForm(values, definition, secretsSet);
    return 'output' in result ? { values: result.output, errors: {} } : { values: {}, errors: nested(result.errors) };
  };
  const { control, handleSubmit, setError } = useForm<GatewayFormValues, unknown, GatewayFormOutput>({
    resolver,
    defaultValues: gatewayFormDefaults(gateway, definition),
  });
  const { Fields } = definition;

  const submit = handleSubmit(async (output) => {
    setFailure(null);
    try {
      onSaved(
        gateway
          ? await update.mutateAsync({ id: gateway.id, body: gatewayUpdateBody(gateway, output) })
          : await creation.mutateAsync(output),
      );
    } catch (error) {
      // 400 names the setting: 'config.host', 'secrets.authToken', 'rateLimit'.
      if (error instanceof ApiError && error.status === 400 && error.field)
        setError(error.field as FieldPath<GatewayFormValues>, { type: 'server', message: error.detail }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });

  return (
    <Box component="form" id={id} noValidate onSubmit={(event) => void submit(event)} data-testid="gateway-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Grid container spacing={2.5} sx={{ pt: gateway ? 1 : 0 }}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField
            control={control}
            name="name"
            label={t('fields.name')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="rateLimit"
            label={t('fields.rateLimit')}
            helperText={t('rateLimitHint')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr' },
              input: { endAdornment: <InputAdornment position="end">{t('units.perSecond')}</InputAdornment> },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('fields.enabled')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    disabled={gateway?.isDefault === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label={gateway?.isDefault ? t('fields.isDefaultAlready') : t('fields.isDefault')}
              />
            )}
          />
        </Grid>
      </Grid>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
        {t('dialog.kindSettings', { kind: t(`kindNames.${definition.kind}`) })}
      </Typography>
      <Fields control={control} secretsSet={secretsSet} callbacks={gateway?.callbacks ?? null} saved={gateway !== null} />
    </Box>
  );
}
