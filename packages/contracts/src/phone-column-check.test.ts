import { describe, expect, it } from 'vitest';
import { checkPhoneColumn } from './phone-column-check.ts';

describe('checkPhoneColumn', () => {
  it('counts valid, invalid and international readings the way an import reads them', () => {
    const values = ['(201) 555-0123', '447400123456', '', '6486801014', '+33 6 12 34 56 78', '919876543210', '4915123456789', ' '];
    expect(checkPhoneColumn(values, 'US', 2)).toEqual({
      numbers: 6,
      valid: 5,
      invalid: 1,
      readAsInternational: 3,
      examples: [
        { input: '447400123456', e164: '+447400123456', country: 'GB' },
        { input: '919876543210', e164: '+919876543210', country: 'IN' },
      ],
    });
  });

  it('flags nothing without a default country: every number is read as written', () => {
    expect(checkPhoneColumn(['447400123456', '07400 123456'], null)).toMatchObject({
      numbers: 2,
      valid: 1,
      invalid: 1,
      readAsInternational: 0,
      examples: [],
    });
  });
});
