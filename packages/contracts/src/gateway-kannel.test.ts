import { describe, expect, it } from 'vitest';
import { kannelConfigSchema, kannelSecretsSchema } from './gateway-kannel.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('Kannel settings', () => {
  it('fills the defaults and trims the callback address', () => {
    expect(
      kannelConfigSchema.parse({
        sendsmsUrl: ' http://kannel:13013/cgi-bin/sendsms ',
        username: 'platform',
        defaultSender: '',
        callbackBaseUrl: 'https://sms.example.org/',
      }),
    ).toEqual({
      sendsmsUrl: 'http://kannel:13013/cgi-bin/sendsms',
      username: 'platform',
      defaultSender: null,
      smsc: null,
      callbackBaseUrl: 'https://sms.example.org',
      concurrency: 10,
    });
  });

  it('names the field of each problem', () => {
    expect(problems(kannelConfigSchema, { sendsmsUrl: 'http://kannel/cgi-bin/sendsms?x=1', username: 'a b' })).toEqual([
      'sendsmsUrl: sendsmsUrl must be an http:// or https:// address without user, query or fragment',
      "username: username may only contain letters, digits, '.', '_', '@' and '-'",
    ]);
    expect(problems(kannelConfigSchema, { sendsmsUrl: 'http://k/s', username: 'u', defaultSender: '+1234567890123456' })).toEqual([
      'defaultSender: defaultSender must be at most 11 characters, or a number of at most 15 digits',
    ]);
    expect(problems(kannelSecretsSchema, {})).toEqual(['password: password is required']);
    expect(problems(kannelSecretsSchema, { password: 'p', callbackToken: 'a/b'.repeat(10) })).toEqual([
      "callbackToken: callbackToken must be 20 to 128 letters, digits, '-' or '_'",
    ]);
    expect(problems(kannelSecretsSchema, { password: 'p', callbackToken: 'a'.repeat(32) })).toEqual([]);
  });
});
