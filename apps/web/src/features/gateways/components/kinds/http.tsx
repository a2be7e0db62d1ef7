import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { HTTP_AUTH_TYPES, HTTP_BODY_FORMATS, HTTP_METHODS, httpConfigSchema, httpSecretsSchema } from '@sms/contracts/gateway-http';
import type { GatewayCallbacks } from '@sms/contracts/gateways';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../secret-field';
import type { ConfigFieldSpec } from './config-fields';
import { ConfigInput } from './config-input';
import type { GatewayKindDefinition, KindFieldsProps } from './gateway-kind';
import { PairsInput } from './pairs-input';

const SPECS = [
  { name: 'sendUrl', type: 'text' },
  { name: 'method', type: 'options', options: HTTP_METHODS },
  { name: 'bodyFormat', type: 'options', options: HTTP_BODY_FORMATS },
  { name: 'template', type: 'pairs' },
  { name: 'headers', type: 'pairs' },
  { name: 'authType', type: 'options', options: HTTP_AUTH_TYPES },
  { name: 'authName', type: 'text', optional: true },
  { name: 'defaultSender', type: 'text', optional: true },
  { name: 'responseIdPath', type: 'text', optional: true },
  { name: 'responseStatusPath', type: 'text', optional: true },
  { name: 'responseOkValues', type: 'lines' },
  { name: 'responseErrorPath', type: 'text', optional: true },
  { name: 'receiptIdField', type: 'text' },
  { name: 'receiptStatusField', type: 'text' },
  { name: 'receiptDeliveredValues', type: 'lines' },
  { name: 'receiptFailedValues', type: 'lines' },
  { name: 'receiptErrorField', type: 'text', optional: true },
  { name: 'inboundFromField', type: 'text' },
  { name: 'inboundToField', type: 'text' },
  { name: 'inboundTextField', type: 'text' },
  { name: 'inboundIdField', type: 'text', optional: true },
  { name: 'callbackBaseUrl', type: 'text', optional: true },
  { name: 'concurrency', type: 'int' },
] as const satisfies readonly ConfigFieldSpec[];
type Name = (typeof SPECS)[number]['name'];

/** The addresses to set in the provider's dashboard (a saved gateway, for administrators). */
function HttpCallbacks({ callbacks, saved }: { callbacks: GatewayCallbacks | null; saved: boolean }) {
  const { t } = useTranslation('gateways');
  if (!callbacks) return <Alert severity="info">{t(saved ? 'kinds.http.noCallbackBase' : 'kinds.http.urlsAfterSave')}</Alert>;
  const block = { p: 1.5, m: 0, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: '0.8125rem' } as const;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('kinds.http.receiptsHint', { skipInterpolation: true })}
      </Typography>
      <Box component="pre" dir="ltr" sx={block} data-testid="http-receipts-url">
        {callbacks.receipts}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
        {t('kinds.http.inboundHint')}
      </Typography>
      <Box component="pre" dir="ltr" sx={block} data-testid="http-inbound-url">
        {callbacks.inbound}
      </Box>
    </Box>
  );
}

/** A group of settings under its own heading. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2.5}>
        {children}
      </Grid>
    </Grid>
  );
}

/** Any HTTP provider (decision 096): the request, its auth, what the answer says, and how receipts and incoming messages are read. */
function HttpFields({ control, secretsSet, callbacks, saved }: KindFieldsProps) {
  const { t } = useTranslation('gateways');
  const field = (name: Name, size: number) => (
    <Grid size={{ xs: 12, sm: size }}>
      <ConfigInput kind="http" spec={SPECS.find((entry) => entry.name === name) as ConfigFieldSpec} control={control} />
    </Grid>
  );
  return (
    <Grid container spacing={3}>
      <Group title={t('kinds.http.groups.request')}>
        {field('sendUrl', 12)}
        {field('method', 6)}
        {field('bodyFormat', 6)}
        <Grid size={12}>
          <PairsInput kind="http" name="template" control={control} />
        </Grid>
        <Grid size={12}>
          <PairsInput kind="http" name="headers" control={control} />
        </Grid>
        {field('defaultSender', 6)}
        {field('concurrency', 6)}
      </Group>
      <Group title={t('kinds.http.groups.auth')}>
        {field('authType', 4)}
        {field('authName', 4)}
        <Grid size={{ xs: 12, sm: 4 }}>
          <SecretField control={control} name="authSecret" label={t('kinds.http.authSecret')} isSet={secretsSet.includes('authSecret')} />
        </Grid>
      </Group>
      <Group title={t('kinds.http.groups.answer')}>
        {field('responseIdPath', 6)}
        {field('responseErrorPath', 6)}
        {field('responseStatusPath', 6)}
        {field('responseOkValues', 6)}
      </Group>
      <Group title={t('kinds.http.groups.receipts')}>
        {field('receiptIdField', 4)}
        {field('receiptStatusField', 4)}
        {field('receiptErrorField', 4)}
        {field('receiptDeliveredValues', 6)}
        {field('receiptFailedValues', 6)}
      </Group>
      <Group title={t('kinds.http.groups.inbound')}>
        {field('inboundFromField', 6)}
        {field('inboundToField', 6)}
        {field('inboundTextField', 6)}
        {field('inboundIdField', 6)}
      </Group>
      <Group title={t('kinds.http.groups.callbacks')}>
        {field('callbackBaseUrl', 12)}
        <Grid size={12}>
          <HttpCallbacks callbacks={callbacks ?? null} saved={saved ?? false} />
        </Grid>
      </Group>
    </Grid>
  );
}

/** A new http gateway starts from the schema's defaults, a form POST of to, from and text, and no address. */
const DEFAULTS: Record<string, unknown> = {
  ...httpConfigSchema.parse({ sendUrl: 'https://example.invalid/', template: { to: '{{to}}', from: '{{from}}', text: '{{text}}' } }),
  sendUrl: '',
};

/** Any provider with a JSON or form API (decision 096): the auth secret is the secret; the callback token is made by the server. */
export const HTTP_KIND: GatewayKindDefinition = {
  kind: 'http',
  specs: SPECS,
  defaults: DEFAULTS,
  configSchema: httpConfigSchema,
  secrets: { authSecret: httpSecretsSchema.shape.authSecret },
  Fields: HttpFields,
};
