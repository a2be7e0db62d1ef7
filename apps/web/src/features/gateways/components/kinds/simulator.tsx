import Grid from '@mui/material/Grid';
import { simulatorConfigSchema } from '@sms/contracts/gateway-simulator';
import { useTranslation } from 'react-i18next';
import type { ConfigFieldSpec } from './config-fields';
import { ConfigInput } from './config-input';
import type { GatewayKindDefinition, KindFieldsProps } from './gateway-kind';

const SPECS = [
  { name: 'acceptPerSecond', type: 'int' },
  { name: 'failureRate', type: 'percent' },
  { name: 'undeliveredRate', type: 'percent' },
  { name: 'replyRate', type: 'percent' },
  { name: 'receiptDelayMinMs', type: 'int' },
  { name: 'receiptDelayMaxMs', type: 'int' },
  { name: 'replyDelayMinMs', type: 'int' },
  { name: 'replyDelayMaxMs', type: 'int' },
  { name: 'replyTexts', type: 'lines' },
] as const satisfies readonly ConfigFieldSpec[];

const spec = (name: (typeof SPECS)[number]['name']) => SPECS.find((entry) => entry.name === name) as ConfigFieldSpec;

/** The simulator's settings: pace, failure, delivery and reply rates, delays, reply texts. */
function SimulatorFields({ control }: KindFieldsProps) {
  const { t } = useTranslation('gateways');
  const field = (name: (typeof SPECS)[number]['name'], size: number, unit?: string) => (
    <Grid size={{ xs: 12, sm: size }}>
      <ConfigInput kind="simulator" spec={spec(name)} control={control} unit={unit} />
    </Grid>
  );
  return (
    <Grid container spacing={2.5}>
      {field('acceptPerSecond', 6, t('units.perSecond'))}
      {field('failureRate', 6)}
      {field('undeliveredRate', 6)}
      {field('replyRate', 6)}
      {field('receiptDelayMinMs', 6, t('units.ms'))}
      {field('receiptDelayMaxMs', 6, t('units.ms'))}
      {field('replyDelayMinMs', 6, t('units.ms'))}
      {field('replyDelayMaxMs', 6, t('units.ms'))}
      {field('replyTexts', 12)}
    </Grid>
  );
}

/** The built-in simulated gateway (nothing secret). */
export const SIMULATOR_KIND: GatewayKindDefinition = {
  kind: 'simulator',
  specs: SPECS,
  defaults: simulatorConfigSchema.parse({}),
  configSchema: simulatorConfigSchema,
  secrets: {},
  Fields: SimulatorFields,
};
