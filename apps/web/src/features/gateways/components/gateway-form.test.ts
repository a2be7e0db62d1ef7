import type { Gateway } from '@sms/contracts/gateways';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gatewayFormDefaults, gatewayUpdateBody, validateGatewayForm } from './gateway-form';
import type { GatewayKindDefinition } from './kinds/gateway-kind';
import { SIMULATOR_KIND } from './kinds/simulator';

const simulator = (patch: Partial<Gateway> = {}): Gateway => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Simulator',
  kind: 'simulator',
  config: { acceptPerSecond: 500, failureRate: 0.01 },
  secretsSet: [],
  isDefault: true,
  enabled: true,
  rateLimit: null,
  link: null,
  callbacks: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...patch,
});

// A kind with a required secret, like Twilio's auth token.
const withSecret: GatewayKindDefinition = {
  ...SIMULATOR_KIND,
  kind: 'twilio',
  specs: [{ name: 'account', type: 'text' }],
  defaults: { account: '' },
  configSchema: z.object({ account: z.string().min(1, 'account is required') }),
  secrets: { token: z.string().regex(/^[a-z]{4}$/, 'token must be four letters') },
};

describe('gateway form', () => {
  it('starts a new gateway from the kind defaults, enabled, not default', () => {
    const values = gatewayFormDefaults(null, SIMULATOR_KIND);
    expect(values).toMatchObject({ name: '', kind: 'simulator', rateLimit: '', enabled: true, isDefault: false });
    expect(values.config).toMatchObject({ acceptPerSecond: '500', failureRate: '1', replyRate: '30' });
  });

  it('fills an existing gateway over the defaults, and sends nothing when nothing changed', () => {
    const gateway = simulator({ config: { ...SIMULATOR_KIND.defaults } });
    const values = gatewayFormDefaults(gateway, SIMULATOR_KIND);
    const result = validateGatewayForm(values, SIMULATOR_KIND, []);
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    expect(gatewayUpdateBody(gateway, result.output)).toEqual({});
  });

  it('sends the changed settings of the simulator', () => {
    const gateway = simulator({ config: { ...SIMULATOR_KIND.defaults } });
    const values = gatewayFormDefaults(gateway, SIMULATOR_KIND);
    const result = validateGatewayForm(
      { ...values, rateLimit: '5', config: { ...values.config, acceptPerSecond: '2' } },
      SIMULATOR_KIND,
      [],
    );
    if (!('output' in result)) throw new Error(JSON.stringify(result.errors));
    const body = gatewayUpdateBody(gateway, result.output);
    expect(body.rateLimit).toBe(5);
    expect(body.config).toMatchObject({ acceptPerSecond: 2, failureRate: 0.01 });
    expect(Object.keys(body).sort()).toEqual(['config', 'rateLimit']);
  });

  it('reports form, kind and shared problems by form path', () => {
    const values = gatewayFormDefaults(null, SIMULATOR_KIND);
    expect(
      validateGatewayForm(
        { ...values, name: '', rateLimit: '0', config: { ...values.config, acceptPerSecond: 'x', replyRate: '150' } },
        SIMULATOR_KIND,
        [],
      ),
    ).toEqual({
      errors: {
        name: 'name is required',
        rateLimit: 'rateLimit must be at least 1',
        'config.acceptPerSecond': 'validation.wholeNumber',
        'config.replyRate': 'validation.percent',
      },
    });
  });

  it('requires a secret until it is stored, then keeps it when left empty', () => {
    const values = { ...gatewayFormDefaults(null, withSecret), name: 'Twilio', config: { account: 'AC1' } };
    expect(validateGatewayForm(values, withSecret, [])).toEqual({ errors: { 'secrets.token': 'token must be four letters' } });
    const kept = validateGatewayForm(values, withSecret, ['token']);
    expect(kept).toHaveProperty('output.secrets', {});
    const typed = validateGatewayForm({ ...values, secrets: { token: 'abcd' } }, withSecret, ['token']);
    expect(typed).toHaveProperty('output.secrets', { token: 'abcd' });
    expect(validateGatewayForm({ ...values, secrets: { token: 'ab' } }, withSecret, ['token'])).toEqual({
      errors: { 'secrets.token': 'token must be four letters' },
    });
  });

  it('only ever turns the default on (another gateway is made the default instead)', () => {
    const gateway = simulator({ isDefault: false, config: { ...SIMULATOR_KIND.defaults } });
    const values = gatewayFormDefaults(gateway, SIMULATOR_KIND);
    const on = validateGatewayForm({ ...values, isDefault: true, enabled: false }, SIMULATOR_KIND, []);
    if (!('output' in on)) throw new Error('invalid');
    expect(gatewayUpdateBody(gateway, on.output)).toEqual({ isDefault: true, enabled: false });
  });
});
