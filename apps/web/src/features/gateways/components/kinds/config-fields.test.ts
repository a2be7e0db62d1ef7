import { simulatorConfigSchema } from '@sms/contracts/gateway-simulator';
import { describe, expect, it } from 'vitest';
import { configToForm, formToConfig, schemaErrors, type ConfigFieldSpec } from './config-fields';

const specs: ConfigFieldSpec[] = [
  { name: 'host', type: 'text' },
  { name: 'label', type: 'text', optional: true },
  { name: 'port', type: 'int' },
  { name: 'failureRate', type: 'percent' },
  { name: 'tls', type: 'boolean' },
  { name: 'replyTexts', type: 'lines' },
  { name: 'ton', type: 'choice', options: [0, 1, 5] },
];

describe('gateway config fields', () => {
  it('show stored values as form text (shares as percentages, lists one per line)', () => {
    expect(
      configToForm(specs, { host: 'smsc.example', port: 2775, failureRate: 0.07, tls: true, replyTexts: ['YES', 'NO'], ton: 5 }),
    ).toEqual({
      host: 'smsc.example',
      label: '',
      port: '2775',
      failureRate: '7',
      tls: true,
      replyTexts: 'YES\nNO',
      ton: '5',
    });
  });

  it('turn form text back into config values', () => {
    const { config, errors } = formToConfig(specs, {
      host: ' smsc ',
      label: '',
      port: '2776',
      failureRate: '2,5',
      tls: false,
      replyTexts: 'YES\n\n no \n',
      ton: '1',
    });
    expect(errors).toEqual({});
    expect(config).toEqual({ host: 'smsc', port: 2776, failureRate: 0.025, tls: false, replyTexts: ['YES', 'no'], ton: 1 });
  });

  it('round-trips', () => {
    const stored = { host: 'h', label: 'x', port: 1, failureRate: 0.333, tls: true, replyTexts: ['A'], ton: 0 };
    expect(formToConfig(specs, configToForm(specs, stored)).config).toEqual(stored);
  });

  it('name what is not a number or not a percentage', () => {
    expect(formToConfig(specs, { host: 'h', port: '27.5', failureRate: '120', ton: '' }).errors).toEqual({
      port: 'validation.wholeNumber',
      failureRate: 'validation.percent',
      ton: 'validation.wholeNumber',
    });
  });

  it('report the kind schema problems by setting', () => {
    expect(schemaErrors(simulatorConfigSchema, { acceptPerSecond: 0, replyRate: 2 })).toEqual({
      acceptPerSecond: 'acceptPerSecond must be at least 1',
      replyRate: 'replyRate must be between 0 and 1',
    });
    expect(schemaErrors(simulatorConfigSchema, { receiptDelayMinMs: 10, receiptDelayMaxMs: 5 })).toEqual({
      receiptDelayMaxMs: 'receiptDelayMaxMs must be at least receiptDelayMinMs',
    });
    expect(schemaErrors(simulatorConfigSchema, {})).toEqual({});
  });
});
