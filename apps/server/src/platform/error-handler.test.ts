import { describe, expect, it } from 'vitest';
import { messageNamingField } from './error-handler.ts';

describe('validation messages name their field', () => {
  it('keeps a message that already names the field, word for word (spec section 5)', () => {
    expect(messageNamingField('logoWidth', 'Logo width must be between 50 and 500 pixels')).toBe(
      'Logo width must be between 50 and 500 pixels',
    );
    expect(messageNamingField('primaryColor', 'Invalid color format. Use hex format (#RRGGBB)')).toBe(
      'Invalid color format. Use hex format (#RRGGBB)',
    );
    expect(messageNamingField('email', 'email must be a valid email address')).toBe('email must be a valid email address');
  });

  it('puts the field in front of a message that does not name it', () => {
    expect(messageNamingField('limit', 'Invalid input: expected number, received NaN')).toBe(
      'limit: Invalid input: expected number, received NaN',
    );
    expect(messageNamingField('address.city', 'Required')).toBe('address.city: Required');
  });
});
