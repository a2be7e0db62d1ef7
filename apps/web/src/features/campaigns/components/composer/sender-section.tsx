import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import type { Gateway } from '@sms/contracts/gateways';
import { CAMPAIGN_LIMITS } from '@sms/contracts/campaigns';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/forms/form-text-field';
import { FormSelectField } from '../../../../components/forms/form-select-field';
import { useSenders } from '../../../../api/senders/get-senders';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

/** Sender ID and the gateway (default one marked; disabled ones cannot be chosen). */
export function SenderSection({ control, gateways }: { control: Control<ComposerValues, unknown, ComposerOutput>; gateways: Gateway[] }) {
  const { t } = useTranslation('campaigns');
  const fallback = gateways.find((gateway) => gateway.isDefault);
  // The numbers list's approved senders are offered as choices (decision 108); any other text stays allowed.
  const approved = (useSenders().data?.data ?? []).filter((sender) => sender.status === 'approved');
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
        {approved.length > 0 ? (
          <Controller
            control={control}
            name="senderId"
            render={({ field }) => (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ mt: 1, flexWrap: 'wrap' }}
                role="group"
                aria-label={t('composer.approvedSenders')}
              >
                {approved.map((sender) => (
                  <Chip
                    key={sender.id}
                    label={sender.value}
                    size="small"
                    dir="ltr"
                    color={field.value === sender.value ? 'primary' : 'default'}
                    onClick={() => field.onChange(sender.value)}
                  />
                ))}
              </Stack>
            )}
          />
        ) : null}
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
