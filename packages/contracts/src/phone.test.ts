import { describe, expect, it } from 'vitest';
import { isPhoneCountry, normalisePhone, phoneSearchPrefix } from './phone.ts';

const e164 = (input: string | number | null | undefined, country?: string) => {
  const result = normalisePhone(input, country);
  return result.ok ? result.e164 : `${result.reason}: ${result.message}`;
};

describe('normalisePhone', () => {
  it('reads international numbers written in common ways', () => {
    for (const input of [
      '+447911123456',
      '+44 7911 123456',
      '+44 (0)7911-123-456'.replace('(0)', ''),
      '0044 7911 123 456',
      '+44.7911.123.456',
      ' +44 7911 123456 ',
      "'+447911123456",
      '+44/7911/123456',
    ]) {
      expect(e164(input), input).toBe('+447911123456');
    }
    expect(normalisePhone('+1 415 555 2671')).toEqual({ ok: true, e164: '+14155552671', country: 'US' });
    expect(normalisePhone('+33 6 12 34 56 78')).toEqual({ ok: true, e164: '+33612345678', country: 'FR' });
  });

  it('reads national numbers in the default country, also without their leading zero', () => {
    expect(normalisePhone('020 7946 0958', 'GB')).toEqual({ ok: true, e164: '+442079460958', country: 'GB' });
    expect(e164('07911 123456', 'GB')).toBe('+447911123456');
    expect(e164('(07911) 123-456', 'GB')).toBe('+447911123456');
    expect(e164('7911123456', 'GB')).toBe('+447911123456');
    expect(e164('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });

  it('reads international digits that lost their +', () => {
    expect(e164('447911123456')).toBe('+447911123456');
    expect(e164('447911123456', 'FR')).toBe('+447911123456');
    expect(e164(447911123456)).toBe('+447911123456');
  });

  it('expands Excel scientific notation only when no digit was lost', () => {
    expect(e164('4.47911123456E+11')).toBe('+447911123456');
    expect(e164('4,47911123456E+11')).toBe('+447911123456');
    expect(e164('7.911123456E+9', 'GB')).toBe('+447911123456');
    const rounded = normalisePhone('4.47911E+11');
    expect(rounded).toMatchObject({ ok: false, reason: 'invalid' });
    expect(rounded.ok ? '' : rounded.message).toContain('spreadsheet rounded this number (4.47911E+11)');
  });

  it('names why a number is refused', () => {
    expect(normalisePhone('')).toMatchObject({ ok: false, reason: 'missing' });
    expect(normalisePhone('   ')).toMatchObject({ ok: false, reason: 'missing' });
    expect(normalisePhone(null)).toMatchObject({ ok: false, reason: 'missing' });
    expect(normalisePhone('+44791112345678901')).toMatchObject({ ok: false, reason: 'too_long' });
    expect(normalisePhone('+4479111234567')).toMatchObject({ ok: false, reason: 'too_long' });
    expect(normalisePhone('+44 79')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(normalisePhone('call me')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(normalisePhone('=1+2')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(normalisePhone(4.5)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(normalisePhone('07911123456')).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('country code') });
    expect(normalisePhone('0123', 'GB')).toEqual({
      ok: false,
      reason: 'invalid_for_country',
      message: 'Invalid phone number for country GB',
    });
    expect(normalisePhone('079111234567890', 'GB')).toMatchObject({ ok: false, reason: 'too_long' });
  });

  it('ignores an unknown default country instead of failing', () => {
    expect(e164('+447911123456', 'XX')).toBe('+447911123456');
    expect(normalisePhone('07911123456', 'XX')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('gb')).toBe(false);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});

describe('phoneSearchPrefix', () => {
  it('turns phone-like terms into E.164 prefixes', () => {
    expect(phoneSearchPrefix('+44 79')).toBe('+4479');
    expect(phoneSearchPrefix('4479')).toBe('+4479');
    expect(phoneSearchPrefix('0044 79')).toBe('+4479');
    expect(phoneSearchPrefix('07911', 'GB')).toBe('+447911');
    expect(phoneSearchPrefix('(079) 11')).toBe('+07911');
  });

  it('answers null for other terms', () => {
    for (const term of ['ann', 'ann@example.com', '', '+', '44a']) expect(phoneSearchPrefix(term), term).toBeNull();
  });
});
