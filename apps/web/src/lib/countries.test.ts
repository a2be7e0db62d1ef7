import { describe, expect, it } from 'vitest';
import { COMMON_COUNTRIES, countryName, countryOptions, guessCountry, isPhoneCountry, PHONE_COUNTRIES } from './countries';

describe('countries', () => {
  it('lists every common country among the phone countries, once', () => {
    for (const code of COMMON_COUNTRIES) expect(isPhoneCountry(code)).toBe(true);
    const options = countryOptions('en');
    expect(options).toHaveLength(PHONE_COUNTRIES.length);
    expect(new Set(options.map((option) => option.code)).size).toBe(PHONE_COUNTRIES.length);
    expect(options.slice(0, COMMON_COUNTRIES.length).every((option) => option.common)).toBe(true);
  });

  it('names countries in the interface language', () => {
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
  });
});

describe('guessCountry', () => {
  it("takes the first browser language's region", () => {
    expect(guessCountry(['en-GB', 'fr-FR'])).toBe('GB');
    expect(guessCountry(['fr', 'de-CH'])).toBe('CH');
    expect(guessCountry(['zh-Hans-CN'])).toBe('CN');
    expect(guessCountry(['en', 'ar'])).toBe('');
    expect(guessCountry(['en-001'])).toBe('');
  });
});
