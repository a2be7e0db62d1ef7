import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import type { Gateway } from '@sms/contracts/gateways';
import { CAMPAIGN_LIMITS } from '@sms/contracts/campaigns';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/forms/form-text-field';
import { FormSelectField } from '../../../../components/forms/form-select-field';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

/** Sender ID and the gateway (default one marked; disabled ones cannot be chosen). */
export function SenderSection({ control, gateways }: { control: Control<ComposerValues, unknown, ComposerOutput>; gateways: Gateway[] }) {
  const { t } = useTranslation('campaigns');
  const fallback = gateways.find((gateway) => gateway.isDefault);
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name="senderId"
          label={t('fields.senderId')}
          helperText={t('composer.senderHint')}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.senderIdMax, dir: 'ltr' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelectField
          control={control}
          name="gatewayId"
          label={t('fields.gateway')}
          helperText={t('composer.gatewayHint')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            {fallback ? t('composer.defaultGatewayNamed', { name: fallback.name }) : t('composer.defaultGateway')}
          </MenuItem>
          {gateways.map((gateway) => (
            <MenuItem key={gateway.id} value={gateway.id} disabled={!gateway.enabled}>
              {gateway.name}
              {gateway.isDefault ? ` — ${t('composer.isDefault')}` : ''}
              {gateway.enabled ? '' : ` — ${t('composer.gatewayDisabled')}`}
            </MenuItem>
          ))}
        </FormSelectField>
      </Grid>
    </Grid>
  );
}
