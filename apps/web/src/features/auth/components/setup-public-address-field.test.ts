import { describe, expect, it } from 'vitest';
import { publicAddressAccepted } from './setup-public-address-field';

describe('the setup form’s public address', () => {
  it('accepts nothing yet, or an http(s) address; refuses the rest before the server does', () => {
    for (const value of ['', '  ', 'http://192.168.1.20:3000', 'https://sms.example.org/app/'])
      expect(publicAddressAccepted(value), value).toBe(true);
    for (const value of ['sms.example.org', 'ftp://x.test', 'https://u:p@x.test', 'https://x.test/?a=1'])
      expect(publicAddressAccepted(value), value).toBe(false);
  });
});
