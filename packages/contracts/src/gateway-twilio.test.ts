import { describe, expect, it } from 'vitest';
import { isTwilioSender, twilioConfigSchema, twilioSecretsSchema } from './gateway-twilio.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const SID = 'AC0123456789abcdef0123456789ABCDEF';
const MG = 'MG0123456789abcdef0123456789abcdef';

describe('twilioConfigSchema', () => {
  it('fills the defaults', () => {
    expect(twilioConfigSchema.parse({ accountSid: SID, from: '+14155550100' })).toEqual({
      accountSid: SID,
      from: '+14155550100',
      concurrency: 10,
    });
  });

  it('takes a messaging service instead of a sender, or both', () => {
    expect(twilioConfigSchema.parse({ accountSid: SID, messagingServiceSid: MG }).messagingServiceSid).toBe(MG);
    expect(twilioConfigSchema.parse({ accountSid: SID, messagingServiceSid: MG, from: 'Acme' }).from).toBe('Acme');
    expect(problems(twilioConfigSchema, { accountSid: SID })).toEqual(['from: from is required unless a messagingServiceSid is given']);
  });

  it('names the field that breaks a rule', () => {
    expect(problems(twilioConfigSchema, { from: 'Acme' })).toEqual(['accountSid: accountSid is required']);
    expect(problems(twilioConfigSchema, { accountSid: 'AC123', from: 'Acme' })).toEqual([
      'accountSid: accountSid must be "AC" followed by 32 hexadecimal characters',
    ]);
    expect(problems(twilioConfigSchema, { accountSid: SID, messagingServiceSid: 'MGxyz' })).toEqual([
      'messagingServiceSid: messagingServiceSid must be "MG" followed by 32 hexadecimal characters',
    ]);
    expect(problems(twilioConfigSchema, { accountSid: SID, from: 'Twelve chars' })[0]).toMatch(/^from: from must be an E\.164 number/);
    expect(problems(twilioConfigSchema, { accountSid: SID, from: 'Acme', concurrency: 0 })).toEqual([
      'concurrency: concurrency must be between 1 and 100',
    ]);
    expect(problems(twilioConfigSchema, { accountSid: SID, from: 'Acme', concurrency: 101 })).toEqual([
      'concurrency: concurrency must be between 1 and 100',
    ]);
    expect(problems(twilioConfigSchema, { accountSid: SID, from: 'Acme', concurrency: 2.5 })).toEqual([
      'concurrency: concurrency must be a whole number',
    ]);
  });

  it('has no API address admins could point elsewhere (the auth token would follow): it is dropped', () => {
    expect(twilioConfigSchema.parse({ accountSid: SID, from: 'Acme', apiBaseUrl: 'https://evil.example' })).not.toHaveProperty(
      'apiBaseUrl',
    );
  });
});

describe('isTwilioSender', () => {
  it('accepts numbers, short codes and alphanumeric IDs up to 11 characters', () => {
    for (const ok of ['+14155550100', '+447911123456', '12345', 'Acme', 'ACME Clinic', 'A1234567890'])
      expect(isTwilioSender(ok), ok).toBe(true);
    for (const bad of ['', '+0123', '14155550100123', 'Acme-Clinic', 'Twelve chars', '12', ' ', 'Ünicode'])
      expect(isTwilioSender(bad), bad).toBe(false);
  });
});

describe('twilioSecretsSchema', () => {
  it('wants a 32-character token', () => {
    expect(twilioSecretsSchema.parse({ authToken: ' 0123456789abcdef0123456789abcdef ' })).toEqual({
      authToken: '0123456789abcdef0123456789abcdef',
    });
    expect(problems(twilioSecretsSchema, {})).toEqual(['authToken: authToken is required']);
    expect(problems(twilioSecretsSchema, { authToken: 'short' })).toEqual([
      'authToken: authToken must be the 32 characters of the account auth token',
    ]);
  });
});
