import { getCountries, getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { destinationCountry, destinationPrefixLength } from './phone-destination.ts';

// A fixed pseudo-random sequence: the same numbers every run.
let seed = 42;
const nextDigit = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return String(seed % 10);
};

describe('destination country by number prefix', () => {
  it('names the country libphonenumber-js gives', () => {
    expect(destinationCountry('+33612345678')).toBe('FR');
    expect(destinationCountry('+14165550101')).toBe('CA');
    expect(destinationCountry('+12125550101')).toBe('US');
    expect(destinationCountry('+77012345678')).toBe('KZ');
    expect(destinationCountry('+447781123456')).toBe('GG');
    expect(destinationCountry('+80012345678')).toBeNull();
  });

  it("keeps, for every country's example numbers, a prefix that decides the country of every valid number sharing it", () => {
    const clashes: string[] = [];
    for (const country of getCountries()) {
      const example = getExampleNumber(country as CountryCode, examples as never)?.number;
      if (!example) continue;
      const prefix = example.slice(0, destinationPrefixLength(example));
      for (let i = 0; i < 40; i++) {
        let candidate = prefix;
        while (candidate.length < example.length) candidate += nextDigit();
        const parsed = parsePhoneNumberFromString(candidate);
        if (!parsed?.isValid()) continue;
        const sampleCountry = destinationCountry(example);
        if (parsed.country !== sampleCountry) clashes.push(`${candidate} is ${parsed.country}, ${example} is ${sampleCountry}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});
