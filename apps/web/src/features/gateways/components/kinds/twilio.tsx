import Grid from '@mui/material/Grid';
import { TWILIO_LIMITS, twilioConfigSchema, twilioSecretsSchema } from '@sms/contracts/gateway-twilio';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../secret-field';
import type { ConfigFieldSpec } from './config-fields';
import { ConfigInput } from './config-input';
import type { GatewayKindDefinition, KindFieldsProps } from './gateway-kind';

const SPECS = [
  { name: 'accountSid', type: 'text' },
  { name: 'from', type: 'text', optional: true },
  { name: 'messagingServiceSid', type: 'text', optional: true },
  { name: 'concurrency', type: 'int' },
] as const satisfies readonly ConfigFieldSpec[];
type Name = (typeof SPECS)[number]['name'];

/** Twilio: account and auth token, who sends (a number, sender ID and/or a Messaging Service), concurrency (Twilio's API address is fixed). */
function TwilioFields({ control, secretsSet }: KindFieldsProps) {
  const { t } = useTranslation('gateways');
  const field = (name: Name, size: number) => (
    <Grid size={{ xs: 12, sm: size }}>
      <ConfigInput kind="twilio" spec={SPECS.find((entry) => entry.name === name) as ConfigFieldSpec} control={control} />
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {field('accountSid', 6)}
      <Grid size={{ xs: 12, sm: 6 }}>
        <SecretField control={control} name="authToken" label={t('kinds.twilio.authToken')} isSet={secretsSet.includes('authToken')} />
      </Grid>
      {field('from', 6)}
      {field('messagingServiceSid', 6)}
      {field('concurrency', 4)}
    </Grid>
  );
}

/** Twilio's REST API (the auth token is the secret, required until stored). */
export const TWILIO_KIND: GatewayKindDefinition = {
  kind: 'twilio',
  specs: SPECS,
  defaults: { accountSid: '', concurrency: TWILIO_LIMITS.concurrencyDefault },
  configSchema: twilioConfigSchema,
  secrets: { authToken: twilioSecretsSchema.shape.authToken },
  Fields: TwilioFields,
};
