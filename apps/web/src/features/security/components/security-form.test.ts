import { DEFAULT_SECURITY_SETTINGS } from '@sms/contracts/security-settings';
import { describe, expect, it } from 'vitest';
import { changedSecurity, lifetimeParts, securityFormValues, validateSecurityForm } from './security-form';

describe('security form', () => {
  it('round-trips the settings, an empty lifetime meaning TOKEN_TTL', () => {
    const values = securityFormValues(DEFAULT_SECURITY_SETTINGS);
    expect(values).toEqual({
      registration: 'closed',
      tokenLifetime: '',
      minPasswordLength: '8',
      twoStepRequirement: 'none',
      publicAddress: '',
    });
    expect(validateSecurityForm(values)).toEqual({ output: DEFAULT_SECURITY_SETTINGS });
    expect(validateSecurityForm({ ...values, tokenLifetime: '3600', minPasswordLength: '12' })).toEqual({
      output: { ...DEFAULT_SECURITY_SETTINGS, tokenLifetimeSeconds: 3600, minPasswordLength: 12 },
    });
  });

  it('words problems with the shared rules, by field', () => {
    expect(
      validateSecurityForm({
        registration: 'closed',
        tokenLifetime: '',
        minPasswordLength: '6',
        twoStepRequirement: 'none',
        publicAddress: '',
      }),
    ).toEqual({ errors: { minPasswordLength: 'minPasswordLength must be at least 8' } });
    expect(
      validateSecurityForm({
        registration: 'closed',
        tokenLifetime: '',
        minPasswordLength: 'ten',
        twoStepRequirement: 'none',
        publicAddress: '',
      }),
    ).toEqual({ errors: { minPasswordLength: 'validation.wholeNumber' } });
    expect(
      validateSecurityForm({
        registration: 'closed',
        tokenLifetime: '60',
        minPasswordLength: '8',
        twoStepRequirement: 'none',
        publicAddress: '',
      }),
    ).toEqual({ errors: { tokenLifetime: 'tokenLifetimeSeconds must be at least 300 (5 minutes)' } });
  });

  it('reads the public address: empty is none, others are checked and normalised by the shared rule', () => {
    const values = securityFormValues(DEFAULT_SECURITY_SETTINGS);
    expect(validateSecurityForm({ ...values, publicAddress: ' https://SMS.example.org/ ' })).toEqual({
      output: { ...DEFAULT_SECURITY_SETTINGS, publicAddress: 'https://sms.example.org' },
    });
    expect(validateSecurityForm({ ...values, publicAddress: 'sms.example.org' })).toEqual({
      errors: {
        publicAddress:
          'publicAddress must be the http(s) address of the app, such as https://sms.example.org (no credentials, query or fragment)',
      },
    });
  });

  it('sends only what changed', () => {
    expect(changedSecurity(DEFAULT_SECURITY_SETTINGS, { ...DEFAULT_SECURITY_SETTINGS, twoStepRequirement: 'admins' })).toEqual({
      twoStepRequirement: 'admins',
    });
    expect(changedSecurity(DEFAULT_SECURITY_SETTINGS, DEFAULT_SECURITY_SETTINGS)).toEqual({});
  });

  it('names lifetimes in whole units', () => {
    expect(lifetimeParts(900)).toEqual({ value: 15, unit: 'minute' });
    expect(lifetimeParts(43_200)).toEqual({ value: 12, unit: 'hour' });
    expect(lifetimeParts(604_800)).toEqual({ value: 7, unit: 'day' });
  });
});
