import { describe, expect, it } from 'vitest';
import { smppConfigSchema, smppSecretsSchema } from './gateway-smpp.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('SMPP settings', () => {
  it('fills the defaults', () => {
    expect(smppConfigSchema.parse({ host: ' smsc.example.com ', systemId: 'acme' })).toEqual({
      host: 'smsc.example.com',
      port: 2775,
      tls: false,
      systemId: 'acme',
      systemType: '',
      windowSize: 50,
      enquireLinkSeconds: 30,
      submitTimeoutSeconds: 30,
      reconnectMinSeconds: 1,
      reconnectMaxSeconds: 60,
      alphanumericSourceTon: 5,
      alphanumericSourceNpi: 0,
      numericSourceTon: 1,
      numericSourceNpi: 1,
      destinationTon: 1,
      destinationNpi: 1,
      registeredDelivery: true,
      defaultSender: null,
    });
  });

  it('applies the SMPP 3.4 lengths (NULL terminator included) with field messages', () => {
    expect(problems(smppConfigSchema, { host: 'h', systemId: 'x'.repeat(16) })).toEqual([
      'systemId: systemId must be at most 15 characters (SMPP 3.4 limit)',
    ]);
    expect(problems(smppConfigSchema, { host: 'h', systemId: 'acme', systemType: 'x'.repeat(13) })).toEqual([
      'systemType: systemType must be at most 12 characters (SMPP 3.4 limit)',
    ]);
    expect(problems(smppSecretsSchema, { password: '123456789' })).toEqual([
      'password: password must be at most 8 characters (SMPP 3.4 limit)',
    ]);
    expect(problems(smppSecretsSchema, { password: 'pässwd' })).toEqual(['password: password may only contain printable ASCII characters']);
    expect(smppSecretsSchema.parse({ password: '' })).toEqual({ password: '' });
    expect(problems(smppConfigSchema, { host: '', systemId: '' })).toEqual(['host: host is required', 'systemId: systemId is required']);
  });

  it('checks ranges, TON/NPI values, the sender and the backoff order', () => {
    expect(
      problems(smppConfigSchema, { host: 'h', systemId: 'a', port: 70000, windowSize: 0, destinationTon: 7, destinationNpi: 2 }),
    ).toEqual([
      'port: port must be between 1 and 65535',
      'windowSize: windowSize must be between 1 and 1000',
      'destinationTon: destinationTon must be between 0 and 6',
      'destinationNpi: destinationNpi must be one of 0, 1, 3, 4, 6, 8, 9, 10, 14, 18',
    ]);
    expect(problems(smppConfigSchema, { host: 'h', systemId: 'a', reconnectMinSeconds: 30, reconnectMaxSeconds: 10 })).toEqual([
      'reconnectMaxSeconds: reconnectMaxSeconds must be at least reconnectMinSeconds',
    ]);
    expect(problems(smppConfigSchema, { host: 'h', systemId: 'a', defaultSender: 'TwelveChars!' })[0]).toContain(
      'defaultSender must be at most 11 characters',
    );
    expect(smppConfigSchema.parse({ host: 'h', systemId: 'a', defaultSender: '+447700900123' }).defaultSender).toBe('+447700900123');
    expect(smppConfigSchema.parse({ host: 'h', systemId: 'a', defaultSender: '' }).defaultSender).toBeNull();
    expect(problems(smppConfigSchema, { host: 'not a host', systemId: 'a' })).toEqual(['host: host must be a host name or an IP address']);
  });
});
