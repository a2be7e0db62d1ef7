import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { SMPP_NPI_VALUES, smppConfigSchema, smppSecretsSchema } from '@sms/contracts/gateway-smpp';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../secret-field';
import type { ConfigFieldSpec } from './config-fields';
import { ConfigInput } from './config-input';
import type { GatewayKindDefinition, KindFieldsProps } from './gateway-kind';

const TONS = [0, 1, 2, 3, 4, 5, 6] as const;
const SPECS = [
  { name: 'host', type: 'text' },
  { name: 'port', type: 'int' },
  { name: 'tls', type: 'boolean' },
  { name: 'systemId', type: 'text' },
  { name: 'systemType', type: 'text', optional: true },
  { name: 'windowSize', type: 'int' },
  { name: 'enquireLinkSeconds', type: 'int' },
  { name: 'submitTimeoutSeconds', type: 'int' },
  { name: 'reconnectMinSeconds', type: 'int' },
  { name: 'reconnectMaxSeconds', type: 'int' },
  { name: 'alphanumericSourceTon', type: 'choice', options: TONS },
  { name: 'alphanumericSourceNpi', type: 'choice', options: SMPP_NPI_VALUES },
  { name: 'numericSourceTon', type: 'choice', options: TONS },
  { name: 'numericSourceNpi', type: 'choice', options: SMPP_NPI_VALUES },
  { name: 'destinationTon', type: 'choice', options: TONS },
  { name: 'destinationNpi', type: 'choice', options: SMPP_NPI_VALUES },
  { name: 'registeredDelivery', type: 'boolean' },
  { name: 'defaultSender', type: 'text', optional: true },
] as const satisfies readonly ConfigFieldSpec[];
type Name = (typeof SPECS)[number]['name'];

/** SMPP 3.4: where the SMSC is and how to bind, the in-flight window and timers, addressing (TON/NPI). */
function SmppFields({ control, secretsSet }: KindFieldsProps) {
  const { t } = useTranslation('gateways');
  const field = (name: Name, size: number, unit?: string) => (
    <Grid size={{ xs: 12, sm: size }}>
      <ConfigInput kind="smpp" spec={SPECS.find((entry) => entry.name === name) as ConfigFieldSpec} control={control} unit={unit} />
    </Grid>
  );
  const heading = (key: string) => (
    <Grid size={12}>
      <Typography variant="subtitle2" component="h4" color="text.secondary">
        {t(`kinds.smpp.groups.${key}`)}
      </Typography>
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {heading('connection')}
      {field('host', 8)}
      {field('port', 4)}
      {field('systemId', 4)}
      <Grid size={{ xs: 12, sm: 4 }}>
        <SecretField control={control} name="password" label={t('kinds.smpp.password')} isSet={secretsSet.includes('password')} />
      </Grid>
      {field('systemType', 4)}
      {field('tls', 12)}
      {heading('flow')}
      {field('windowSize', 4)}
      {field('submitTimeoutSeconds', 4, t('units.seconds'))}
      {field('enquireLinkSeconds', 4, t('units.seconds'))}
      {field('reconnectMinSeconds', 6, t('units.seconds'))}
      {field('reconnectMaxSeconds', 6, t('units.seconds'))}
      {heading('addressing')}
      {field('alphanumericSourceTon', 4)}
      {field('numericSourceTon', 4)}
      {field('destinationTon', 4)}
      {field('alphanumericSourceNpi', 4)}
      {field('numericSourceNpi', 4)}
      {field('destinationNpi', 4)}
      {field('defaultSender', 6)}
      {field('registeredDelivery', 6)}
    </Grid>
  );
}

/** Defaults of every setting; host and system ID have none and start empty. */
const defaults = { ...smppConfigSchema.parse({ host: 'smsc', systemId: 'id' }), host: '', systemId: '' };

/** An SMPP 3.4 connection to an SMSC (the password is the only secret, and may be empty). */
export const SMPP_KIND: GatewayKindDefinition = {
  kind: 'smpp',
  specs: SPECS,
  defaults,
  configSchema: smppConfigSchema,
  secrets: { password: smppSecretsSchema.shape.password },
  Fields: SmppFields,
};
