import { getCountries } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { isPhoneCountry, PHONE_COUNTRIES } from './phone-countries.ts';

describe('phone countries', () => {
  it('are exactly the regions libphonenumber-js has metadata for', () => {
    expect([...PHONE_COUNTRIES].sort()).toEqual([...getCountries()].sort());
  });

  it('accept a known upper-case code only', () => {
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('gb')).toBe(false);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(isPhoneCountry('GBR')).toBe(false);
  });
});
