import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { KANNEL_LIMITS, kannelConfigSchema, kannelSecretsSchema } from '@sms/contracts/gateway-kannel';
import type { GatewayCallbacks } from '@sms/contracts/gateways';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../secret-field';
import type { ConfigFieldSpec } from './config-fields';
import { ConfigInput } from './config-input';
import type { GatewayKindDefinition, KindFieldsProps } from './gateway-kind';

const SPECS = [
  { name: 'sendsmsUrl', type: 'text' },
  { name: 'username', type: 'text' },
  { name: 'defaultSender', type: 'text', optional: true },
  { name: 'smsc', type: 'text', optional: true },
  { name: 'callbackBaseUrl', type: 'text', optional: true },
  { name: 'concurrency', type: 'int' },
] as const satisfies readonly ConfigFieldSpec[];
type Name = (typeof SPECS)[number]['name'];

/** The sms-service group that hands incoming messages to this gateway (its answer is empty: Kannel sends no reply). */
export function kannelServiceGroup(callbacks: GatewayCallbacks): string {
  return [
    'group = sms-service',
    'keyword = default',
    'catch-all = yes',
    'max-messages = 0',
    'omit-empty = true',
    `get-url = "${callbacks.inbound}"`,
  ].join('\n');
}

/** The URLs Kannel needs: the get-url to put in kannel.conf, and the dlr-url sent with each message. */
function KannelCallbacks({ callbacks, saved }: { callbacks: GatewayCallbacks | null; saved: boolean }) {
  const { t } = useTranslation('gateways');
  if (!callbacks) return <Alert severity="info">{t(saved ? 'kinds.kannel.noCallbackBase' : 'kinds.kannel.urlsAfterSave')}</Alert>;
  const block = { p: 1.5, m: 0, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: '0.8125rem' } as const;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('kinds.kannel.serviceHint')}
      </Typography>
      <Box component="pre" dir="ltr" sx={block} data-testid="kannel-service-group">
        {kannelServiceGroup(callbacks)}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
        {t('kinds.kannel.receiptsHint')}
      </Typography>
      <Box component="pre" dir="ltr" sx={block}>
        {callbacks.receipts}
      </Box>
    </Box>
  );
}

/** Kannel: smsbox's sendsms address and user, the sender and route, where Kannel reaches this server, and the kannel.conf it needs. */
function KannelFields({ control, secretsSet, callbacks, saved }: KindFieldsProps) {
  const { t } = useTranslation('gateways');
  const field = (name: Name, size: number) => (
    <Grid size={{ xs: 12, sm: size }}>
      <ConfigInput kind="kannel" spec={SPECS.find((entry) => entry.name === name) as ConfigFieldSpec} control={control} />
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {field('sendsmsUrl', 12)}
      {field('username', 6)}
      <Grid size={{ xs: 12, sm: 6 }}>
        <SecretField control={control} name="password" label={t('kinds.kannel.password')} isSet={secretsSet.includes('password')} />
      </Grid>
      {field('defaultSender', 6)}
      {field('smsc', 6)}
      {field('callbackBaseUrl', 8)}
      {field('concurrency', 4)}
      <Grid size={12}>
        <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 1 }}>
          {t('kinds.kannel.confTitle')}
        </Typography>
        <KannelCallbacks callbacks={callbacks ?? null} saved={saved ?? false} />
      </Grid>
    </Grid>
  );
}

/** Kannel's smsbox over HTTP (decision 095): the sendsms-user's password is the secret; the callback token is made by the server. */
export const KANNEL_KIND: GatewayKindDefinition = {
  kind: 'kannel',
  specs: SPECS,
  defaults: { sendsmsUrl: 'http://127.0.0.1:13013/cgi-bin/sendsms', username: '', concurrency: KANNEL_LIMITS.concurrencyDefault },
  configSchema: kannelConfigSchema,
  secrets: { password: kannelSecretsSchema.shape.password },
  Fields: KannelFields,
};
