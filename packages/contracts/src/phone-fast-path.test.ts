import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountries, getCountryCallingCode, Metadata, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { fastInternational, fastNational } from './phone-fast-path.ts';
import { normalisePhone, normalisePhoneReference } from './phone.ts';

/** A small seeded generator (mulberry32): the sample is the same on every run, so a failure reproduces. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const COUNTRIES = getCountries();
const metadata = new (
  Metadata as unknown as new () => { selectNumberingPlan(country: string): { numberingPlan: { nationalPrefix(): string | undefined } } }
)();
const nationalPrefix = (country: CountryCode) => metadata.selectNumberingPlan(country).numberingPlan.nationalPrefix() ?? '';

/** Inputs in the shapes files hold: valid mobile numbers, altered ones, every prefix style, junk digits. */
function sample(next: () => number): { input: string; country: string | undefined } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const digits = (length: number) => Array.from({ length }, () => Math.floor(next() * 10)).join('');
  const country = pick(COUNTRIES);
  const code = getCountryCallingCode(country);
  let nsn = (examples as Record<string, string>)[country] ?? digits(6 + Math.floor(next() * 5));
  const change = next();
  if (change < 0.45) {
    const keep = Math.max(1, nsn.length - Math.floor(next() * 5));
    nsn = nsn.slice(0, keep) + digits(nsn.length - keep);
  } else if (change < 0.55) nsn = nsn.slice(0, -1);
  else if (change < 0.65) nsn += digits(1);
  const other = next() < 0.5 ? pick(COUNTRIES) : undefined;
  const shape = Math.floor(next() * 9);
  switch (shape) {
    case 0:
      return { input: `+${code}${nsn}`, country: other };
    case 1:
      return { input: `${nationalPrefix(country)}${nsn}`, country };
    case 2:
      return { input: nsn, country };
    case 3:
      return { input: `${code}${nsn}`, country: other ?? country };
    case 4:
      return { input: `00${code} ${nsn}`, country: other };
    case 5:
      return { input: `011${code}${nsn}`, country: pick(['US', 'CA', country] as const) };
    case 6:
      return { input: `+${code} 0${nsn}`, country: other };
    case 7:
      return { input: `+${digits(4 + Math.floor(next() * 12))}`, country: other };
    default:
      return {
        input: digits(4 + Math.floor(next() * 12)),
        country: pick([country, 'GB', 'US', 'DE', 'FR', 'IN', 'BR', 'AR', 'MX'] as const),
      };
  }
}

describe('phone fast path', () => {
  // 60,000 numbers through both paths take ~2 s alone; while the API and browser suites share
  // this host's two cores it can pass the 5 s default, so the test gets a budget of its own.
  it('answers exactly what libphonenumber-js answers, on a large random sample of every country', { timeout: 30_000 }, () => {
    const next = random(20_261_123);
    let valid = 0;
    let judged = 0;
    for (let index = 0; index < 60_000; index++) {
      const { input, country } = sample(next);
      const expected = normalisePhoneReference(input, country);
      expect(normalisePhone(input, country), `${input} in ${country}`).toEqual(expected);
      if (expected.ok) valid++;
      const compact = input.replace(/\s/g, '').replace(/^00/, '+');
      if (compact.startsWith('+') ? fastInternational(compact) : country && fastNational(compact, country)) judged++;
    }
    // The sample must exercise both routes and both answers: plenty of valid and invalid numbers,
    // most of them judged by the fast path, some left to the library.
    expect(valid).toBeGreaterThan(15_000);
    expect(60_000 - valid).toBeGreaterThan(15_000);
    expect(judged).toBeGreaterThan(30_000);
    expect(judged).toBeLessThan(55_000);
  });

  it('judges the common shapes itself and leaves the rest to libphonenumber-js', () => {
    expect(fastInternational('+447400123456')).toEqual({ valid: true, e164: '+447400123456', country: 'GB' });
    expect(fastInternational('+447624369230')).toEqual({ valid: true, e164: '+447624369230', country: 'IM' });
    expect(fastInternational('+14155552671')).toEqual({ valid: true, e164: '+14155552671', country: 'US' });
    expect(fastNational('07400123456', 'GB')).toEqual({ valid: true, e164: '+447400123456', country: 'GB' });
    expect(fastNational('07624369230', 'GB')).toEqual({ valid: true, e164: '+447624369230', country: 'IM' });
    expect(fastNational('0612345678', 'FR')).toEqual({ valid: true, e164: '+33612345678', country: 'FR' });
    // Invalid numbers, with the length verdict their rejection reason is made of.
    expect(fastInternational('+4479111')).toEqual({ valid: false, length: 'TOO_SHORT' });
    expect(fastInternational('+4479111234567')).toEqual({ valid: false, length: 'TOO_LONG' });
    expect(fastInternational('+0441234')).toEqual({ valid: false, length: 'INVALID_COUNTRY' });
    expect(fastNational('0123', 'GB')).toEqual({ valid: false, length: 'TOO_SHORT' });
    // Non-geographic codes, IDD prefixes and the country's own calling code up front: the library's call.
    expect(fastInternational('+80012345678')).toBeUndefined();
    expect(fastNational('01144791112345', 'US')).toBeUndefined();
    expect(fastNational('447911123456', 'GB')).toBeUndefined();
  });
});
