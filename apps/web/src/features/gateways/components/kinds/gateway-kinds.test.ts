import { describe, expect, it } from 'vitest';
import { gatewayFormDefaults, validateGatewayForm } from '../gateway-form';
import { pairsFromForm, pairsToForm } from './config-fields';
import { GATEWAY_KIND_FORMS } from './gateway-kinds';
import { HTTP_KIND } from './http';
import { KANNEL_KIND, kannelServiceGroup } from './kannel';
import { SMPP_KIND } from './smpp';
import { TWILIO_KIND } from './twilio';

describe('gateway kinds', () => {
  it('offers every kind, and each new gateway starts from values its schema accepts once the required ones are typed', () => {
    expect(Object.keys(GATEWAY_KIND_FORMS)).toEqual(['simulator', 'smpp', 'twilio', 'kannel', 'http']);
    for (const definition of Object.values(GATEWAY_KIND_FORMS)) {
      const values = gatewayFormDefaults(null, definition);
      expect(Object.keys(values.config).sort()).toEqual(definition.specs.map((spec) => spec.name).sort());
    }
  });

  it('SMPP: needs a host and system ID, keeps the TON/NPI defaults, allows an empty password', () => {
    const values = { ...gatewayFormDefaults(null, SMPP_KIND), name: 'Carrier' };
    expect(validateGatewayForm(values, SMPP_KIND, [])).toEqual({
      errors: { 'config.host': 'host is required', 'config.systemId': 'systemId is required' },
    });
    const filled = { ...values, config: { ...values.config, host: 'smsc.example.net', systemId: 'acme' } };
    const result = validateGatewayForm(filled, SMPP_KIND, []);
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.output.config).toMatchObject({
      host: 'smsc.example.net',
      port: 2775,
      systemId: 'acme',
      windowSize: 50,
      destinationTon: 1,
      destinationNpi: 1,
      registeredDelivery: true,
    });
    expect(result.output.config).not.toHaveProperty('defaultSender');
    expect(result.output.secrets).toEqual({});
    expect(validateGatewayForm({ ...filled, secrets: { password: 'far too long' } }, SMPP_KIND, [])).toEqual({
      errors: { 'secrets.password': 'password must be at most 8 characters (SMPP 3.4 limit)' },
    });
  });

  it('Twilio: needs the account, a sender or a Messaging Service, and the auth token until stored', () => {
    const values = { ...gatewayFormDefaults(null, TWILIO_KIND), name: 'Twilio' };
    const errors = validateGatewayForm(values, TWILIO_KIND, []);
    expect(errors).toHaveProperty(['errors', 'config.accountSid']);
    expect(errors).toHaveProperty(['errors', 'secrets.authToken']);
    const filled = {
      ...values,
      config: { ...values.config, accountSid: `AC${'a'.repeat(32)}`, from: '+14155550100' },
      secrets: { authToken: 'b'.repeat(32) },
    };
    const result = validateGatewayForm(filled, TWILIO_KIND, []);
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.output).toMatchObject({
      config: { accountSid: `AC${'a'.repeat(32)}`, from: '+14155550100', concurrency: 10 },
      secrets: { authToken: 'b'.repeat(32) },
    });
    expect(validateGatewayForm({ ...filled, config: { ...filled.config, from: '' } }, TWILIO_KIND, [])).toEqual({
      errors: { 'config.from': 'from is required unless a messagingServiceSid is given' },
    });
  });

  it('Kannel: needs the sendsms user and its password until stored; empty optional settings are left out', () => {
    const values = { ...gatewayFormDefaults(null, KANNEL_KIND), name: 'Kannel' };
    expect(validateGatewayForm(values, KANNEL_KIND, [])).toEqual({
      errors: {
        'config.username': "username may only contain letters, digits, '.', '_', '@' and '-'",
        'secrets.password': 'password is required',
      },
    });
    const filled = { ...values, config: { ...values.config, username: 'platform' }, secrets: { password: 'secret' } };
    const result = validateGatewayForm(filled, KANNEL_KIND, []);
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.output.config).toEqual({ sendsmsUrl: 'http://127.0.0.1:13013/cgi-bin/sendsms', username: 'platform', concurrency: 10 });
    expect(validateGatewayForm({ ...filled, secrets: { password: '' } }, KANNEL_KIND, ['password', 'callbackToken'])).toHaveProperty(
      'output',
    );
    expect(kannelServiceGroup({ inbound: 'https://sms.example/in?from=%p', receipts: 'r' })).toBe(
      'group = sms-service\nkeyword = default\ncatch-all = yes\nmax-messages = 0\nomit-empty = true\nget-url = "https://sms.example/in?from=%p"',
    );
  });

  it('HTTP: needs a send address; the template rows become an object (rows without a name left out), lists one per line', () => {
    const values = { ...gatewayFormDefaults(null, HTTP_KIND), name: 'Provider' };
    expect(pairsFromForm(values.config.template)).toEqual([
      ['to', '{{to}}'],
      ['from', '{{from}}'],
      ['text', '{{text}}'],
    ]);
    expect(values.config.receiptFailedValues).toBe('failed\nundelivered\nrejected\nexpired');
    expect(validateGatewayForm(values, HTTP_KIND, [])).toEqual({
      errors: { 'config.sendUrl': 'sendUrl must be an http:// or https:// address without user or fragment' },
    });
    const filled = {
      ...values,
      config: {
        ...values.config,
        sendUrl: 'https://rest.nexmo.com/sms/json',
        template: pairsToForm([
          ['to', '{{toDigits}}'],
          ['text', '{{text}}'],
          ['', 'typed, no name yet'],
        ]),
        authType: 'basic',
        authName: 'abc123',
        responseIdPath: 'messages.0.message-id',
        responseOkValues: '0\n',
      },
      secrets: { authSecret: 's3cret' },
    };
    const result = validateGatewayForm(filled, HTTP_KIND, []);
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.output.config).toMatchObject({
      sendUrl: 'https://rest.nexmo.com/sms/json',
      method: 'POST',
      bodyFormat: 'form',
      template: { to: '{{toDigits}}', text: '{{text}}' },
      headers: {},
      authType: 'basic',
      authName: 'abc123',
      responseIdPath: 'messages.0.message-id',
      responseOkValues: ['0'],
      receiptIdField: 'ref',
    });
    expect(result.output.config).not.toHaveProperty('responseStatusPath');
    expect(result.output.secrets).toEqual({ authSecret: 's3cret' });
    const badTemplate = { ...filled, config: { ...filled.config, template: pairsToForm([['text', '{{body}}']]) } };
    expect(validateGatewayForm(badTemplate, HTTP_KIND, [])).toEqual({
      errors: { 'config.template': expect.stringContaining('{{body}} is not a placeholder') },
    });
  });
});
