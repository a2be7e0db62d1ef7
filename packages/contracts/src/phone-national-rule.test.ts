import lib from 'google-libphonenumber';
import { describe, expect, it } from 'vitest';
import { normalisePhone, normalisePhoneReference } from './phone.ts';

/**
 * The rule that a number written the default country's way is never read as a foreign one,
 * checked against Google's libphonenumber (an implementation we did not write, with its own
 * metadata): every number we accept is valid for the region we say it belongs to, and every
 * national reading we refuse is one libphonenumber calls invalid for the default country.
 */
const util = lib.PhoneNumberUtil.getInstance();
const E164 = lib.PhoneNumberFormat.E164;

/** [what the file holds, default country, E.164 we store or null (rejected), read as international although a default country was set]. */
type Row = [input: string, country: string, expected: string | null, international?: true];

const TABLE: Row[] = [
  // The four rows: written the US way, invalid in the US, never guessed to be foreign.
  ['(436) 607-4252', 'US', null],
  ['490-470-9774', 'US', null],
  ['261.232.0099', 'US', null],
  ['6486801014', 'US', null],
  // United States: formatted, plain, trunk prefix 1, '+', '00', digits of another country.
  ['(201) 555-0123', 'US', '+12015550123'],
  ['201.555.0123', 'US', '+12015550123'],
  ['2015550123', 'US', '+12015550123'],
  ['1 201 555 0123', 'US', '+12015550123'],
  ['+1 201-555-0123', 'US', '+12015550123'],
  ['001 201 555 0123', 'US', '+12015550123'],
  ['447400123456', 'US', '+447400123456', true],
  ['44 7400 123456', 'US', '+447400123456', true],
  ['4474 0012 3456', 'US', null],
  ['(447) 400-123456', 'US', null],
  // United Kingdom.
  ['07400 123456', 'GB', '+447400123456'],
  ['7400123456', 'GB', '+447400123456'],
  ['0121 234 5678', 'GB', '+441212345678'],
  ['+44 (0)121 234 5678'.replace('(0)', ''), 'GB', '+441212345678'],
  ['0044 7400 123456', 'GB', '+447400123456'],
  ['12015550123', 'GB', '+12015550123', true],
  ['1 201 555 0123', 'GB', '+12015550123', true],
  ['(0121) 234 567', 'GB', null],
  ['0740012345', 'GB', null],
  // France.
  ['06 12 34 56 78', 'FR', '+33612345678'],
  ['01.23.45.67.89', 'FR', '+33123456789'],
  ['612345678', 'FR', '+33612345678'],
  ['+33 6 12 34 56 78', 'FR', '+33612345678'],
  ['0033 6 12 34 56 78', 'FR', '+33612345678'],
  ['4915123456789', 'FR', '+4915123456789', true],
  ['06 12 34 56', 'FR', null],
  // Germany.
  ['030 123456', 'DE', '+4930123456'],
  ['01512 3456789', 'DE', '+4915123456789'],
  ['+49 1512 3456789', 'DE', '+4915123456789'],
  ['0049 30 123456', 'DE', '+4930123456'],
  ['(030) 12', 'DE', null],
  // India.
  ['081234 56789', 'IN', '+918123456789'],
  ['81234 56789', 'IN', '+918123456789'],
  ['+91 81234 56789', 'IN', '+918123456789'],
  ['918123456789', 'US', '+918123456789', true],
  ['91 81234 56789', 'GB', '+918123456789', true],
  ['12345', 'IN', null],
  // Brazil.
  ['(11) 96123-4567', 'BR', '+5511961234567'],
  ['11 2345-6789', 'BR', '+551123456789'],
  ['+55 11 96123-4567', 'BR', '+5511961234567'],
  ['5511961234567', 'US', '+5511961234567', true],
  ['(11) 6123-456', 'BR', null],
  // Nigeria.
  ['0802 123 4567', 'NG', '+2348021234567'],
  ['+234 802 123 4567', 'NG', '+2348021234567'],
  ['2348021234567', 'US', '+2348021234567', true],
  ['00234 802 123 4567', 'GB', '+2348021234567'],
  // Japan.
  ['090-1234-5678', 'JP', '+819012345678'],
  ['03-1234-5678', 'JP', '+81312345678'],
  ['+81 90-1234-5678', 'JP', '+819012345678'],
  ['819012345678', 'US', '+819012345678', true],
  ['81 90 1234 5678', 'FR', '+819012345678', true],
  ['090-1234', 'JP', null],
];

/** What Google's libphonenumber makes of the text read in `country` (null when it cannot parse it). */
function google(input: string, country: string): lib.PhoneNumber | null {
  try {
    return util.parse(input.replace(/^00/, '+'), country);
  } catch {
    return null;
  }
}

describe('numbers written the national way are never read as foreign numbers', () => {
  it('covers every kind of input in the eight countries', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    for (const country of ['US', 'GB', 'FR', 'DE', 'IN', 'BR', 'NG', 'JP'])
      expect(
        TABLE.some((row) => row[1] === country),
        country,
      ).toBe(true);
  });

  it.each(TABLE)('%s in %s', (input, country, expected, international) => {
    const result = normalisePhone(input, country);
    // The fast path and the library alone agree here too.
    expect(normalisePhoneReference(input, country)).toEqual(result);
    const national = google(input, country);
    if (expected === null) {
      expect(result).toMatchObject({ ok: false });
      if (!result.ok) expect(result.message).toMatch(new RegExp(`for country ${country}$`));
      // libphonenumber agrees the national reading is not a number of the country.
      expect(national !== null && util.isValidNumberForRegion(national, country)).toBe(false);
      return;
    }
    expect(result).toMatchObject({ ok: true, e164: expected });
    if (!result.ok) return;
    expect(result.readAsInternational ?? false).toBe(international ?? false);
    // The number we store is valid for the region we name, by libphonenumber's own check.
    const stored = util.parse(result.e164);
    expect(util.format(stored, E164)).toBe(expected);
    expect(util.isValidNumberForRegion(stored, result.country!)).toBe(true);
    if (international) {
      // Read as international only because the national reading is invalid.
      expect(national !== null && util.isValidNumberForRegion(national, country)).toBe(false);
    } else {
      expect(national && util.format(national, E164)).toBe(expected);
    }
  });
});
