import {
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';
import { isPhoneCountry } from './phone-countries.ts';
import { fastInternational, fastNational, fastPossibleLengths, isCallingCode } from './phone-fast-path.ts';
import { isTestNumber } from './test-numbers.ts';

/**
 * Phone numbers: one normalisation for the contact form, the API and the import job.
 *
 * Metadata: 'max' (full per-type patterns, so `isValid` rejects numbers no operator assigns).
 * Speed: libphonenumber-js alone compiles a RegExp from metadata text on every pattern test,
 * which made phone numbers the largest cost of a million-row import (bench/RESULTS.md). Numbers
 * therefore go through `phone-fast-path.ts` first (the same steps over the same metadata with
 * compiled patterns), and the shapes it leaves alone through
 * libphonenumber-js itself, so the results are the library's either way.
 */

/** E.164 allows at most 15 digits after the '+'. */
export const PHONE_MAX_DIGITS = 15;

export const PHONE_REJECT_REASONS = ['missing', 'invalid', 'too_long', 'invalid_for_country'] as const;
export type PhoneRejectReason = (typeof PHONE_REJECT_REASONS)[number];

export type NormalisedPhone =
  /** `readAsInternational`: a default country was given, yet the digits were read as an international number without '+'. */
  | { ok: true; e164: string; country: string | null; readAsInternational?: true }
  | { ok: false; reason: PhoneRejectReason; message: string };

/** Whether `code` is an ISO 3166-1 alpha-2 country libphonenumber knows (e.g. 'GB'): kept in its own light module. */
export { isPhoneCountry };

const reject = (reason: PhoneRejectReason, message: string): NormalisedPhone => ({ ok: false, reason, message });

// Separators people and spreadsheets put in numbers: spaces of every kind, dots, dashes, slashes, brackets.
const SEPARATORS = /[\s\u00A0\u2000-\u200B\u202F\u3000.\-\u2010-\u2015\u2212/()[\]]/g;
// A number Excel wrote in scientific notation: 4.47911E+11 (decimal comma in some locales).
const SCIENTIFIC = /^\+?(\d+)(?:[.,](\d*))?[eE]\+?(\d{1,2})$/;

/**
 * Expands Excel's scientific notation when it is exact ('4.47911123456E+11' -> '447911123456').
 * Returns null when the spreadsheet dropped digits (the mantissa is shorter than the number).
 */
function expandScientific(whole: string, fraction: string, exponent: number): string | null {
  if (fraction.length !== exponent) return null;
  return (whole + fraction).replace(/^0+(?=\d)/, '');
}

const ok = (e164: string, country: string | undefined): NormalisedPhone => ({ ok: true, e164, country: country ?? null });
const okInternational = (e164: string, country: string | undefined, defaultCountry: CountryCode | undefined): NormalisedPhone =>
  defaultCountry ? { ok: true, e164, country: country ?? null, readAsInternational: true } : ok(e164, country);

/** libphonenumber-js's possible national lengths of a country, read without the fast path (the reference route). */
function referencePossibleLengths(country: CountryCode): number[] | undefined {
  const metadata = new (
    Metadata as unknown as new () => {
      selectNumberingPlan(country: string): { numberingPlan: { possibleLengths(): number[] | undefined } };
    }
  )();
  return metadata.selectNumberingPlan(country).numberingPlan.possibleLengths();
}

/**
 * Whether digits written without '+' that the default country does not accept may be read as an
 * international number: only when nothing says they were written the national way. A national
 * writing is brackets ('(436) 607-4252'), separators whose first group is not a calling code
 * ('490-470-9774', while '44 7911 123456' groups a calling code first), or a digit count the
 * country's numbers can have (libphonenumber's possible lengths: '6486801014' is 10 digits, as
 * every US number, so it is a wrong US number, not a New Zealand one).
 */
function mayReadAsInternational(text: string, digits: string, country: CountryCode, fast: boolean): boolean {
  if (/[()[\]]/.test(text)) return false;
  if (text.length !== digits.length) {
    const firstGroup = /^\d*/.exec(text)![0];
    if (firstGroup.length > 3 || !isCallingCode(firstGroup)) return false;
  }
  const lengths = fast ? fastPossibleLengths(country) : referencePossibleLengths(country);
  return lengths !== undefined && !lengths.includes(digits.length);
}

/** Parses an international number ('+' followed by digits) and explains a refusal. */
function parseInternational(plusDigits: string, fast: boolean): NormalisedPhone {
  // Test numbers (test-numbers.ts) sit in a range libphonenumber knows is never assigned.
  if (isTestNumber(plusDigits)) return ok(plusDigits, 'GB');
  const quick = fast ? fastInternational(plusDigits) : undefined;
  if (quick?.valid) return ok(quick.e164, quick.country);
  if (!quick) {
    const parsed = parsePhoneNumberFromString(plusDigits);
    if (parsed?.isValid()) return ok(parsed.number, parsed.country);
  }
  const length = quick ? quick.length : validatePhoneNumberLength(plusDigits);
  if (length === 'TOO_LONG') return reject('too_long', 'Phone number is too long');
  if (length === 'TOO_SHORT') return reject('invalid', 'Phone number is too short');
  if (length === 'INVALID_COUNTRY') return reject('invalid', 'Phone number has an unknown country code');
  return reject('invalid', 'Phone number is not valid');
}

/**
 * Normalises what a person or a file wrote to E.164 ('+447911123456') and its country.
 * Accepts spaces, dots, dashes, slashes and brackets, a leading '+' or '00', a leading apostrophe
 * (a spreadsheet text marker, also what our exports write), whole numbers from spreadsheet cells,
 * and Excel's scientific notation when no digit was lost. Numbers without a country code are read
 * in `defaultCountry` (ISO alpha-2), or as international digits without the '+' ('447911123456'):
 * with a default country only when they are not written the national way (see
 * mayReadAsInternational), and then flagged `readAsInternational`.
 */
export function normalisePhone(input: string | number | null | undefined, defaultCountry?: string | null): NormalisedPhone {
  return normalise(input, defaultCountry, true);
}

/** normalisePhone through libphonenumber-js alone, without the fast path (the reference its tests compare with). */
export function normalisePhoneReference(input: string | number | null | undefined, defaultCountry?: string | null): NormalisedPhone {
  return normalise(input, defaultCountry, false);
}

/** Whether text is one or more digits with at most a leading '+'. */
function isPlainDigits(text: string): boolean {
  const first = text.charCodeAt(0) === 43 ? 1 : 0;
  if (text.length <= first) return false;
  for (let at = first; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function normalise(input: string | number | null | undefined, defaultCountry: string | null | undefined, fast: boolean): NormalisedPhone {
  if (input === null || input === undefined) return reject('missing', 'Phone number is missing');
  let text: string;
  let compact: string;
  // Digits with at most a leading '+' (most numbers): nothing to trim, expand or strip.
  if (fast && typeof input === 'string' && isPlainDigits(input)) text = compact = input;
  else {
    if (typeof input === 'number') {
      if (!Number.isSafeInteger(input) || input <= 0) return reject('invalid', 'Phone number is not valid');
      text = String(input);
    } else {
      text = input.trim().replace(/^'/, '').trim();
    }
    if (text === '') return reject('missing', 'Phone number is missing');

    const scientific = SCIENTIFIC.exec(text);
    if (scientific) {
      const [, whole = '', fraction = '', exponent = '0'] = scientific;
      const digits = expandScientific(whole, fraction, Number(exponent));
      if (digits === null) {
        return reject(
          'invalid',
          `The spreadsheet rounded this number (${text}); format the phone column as text and export the file again`,
        );
      }
      text = (text.startsWith('+') ? '+' : '') + digits;
    }
    compact = text.replace(SEPARATORS, '');
  }
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  const international = compact.startsWith('+');
  const digits = international ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return reject('invalid', 'Phone number may contain digits, spaces and + ( ) - . only');
  if (digits.length > PHONE_MAX_DIGITS) return reject('too_long', `Phone number is too long (at most ${PHONE_MAX_DIGITS} digits)`);
  if (international) return parseInternational(compact, fast);

  const country = defaultCountry && isPhoneCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  // The fast path's verdict on the national reading, when it has one (its length verdict then
  // stands in for validatePhoneNumberLength below).
  let national: { length: string | undefined } | undefined;
  if (country === 'GB' && digits.startsWith('0') && isTestNumber(`+44${digits.slice(1)}`)) return ok(`+44${digits.slice(1)}`, 'GB');
  if (country) {
    const quick = fast ? fastNational(digits, country) : undefined;
    if (quick?.valid) return ok(quick.e164, quick.country);
    if (quick) national = quick;
    else {
      const parsed = parsePhoneNumberFromString(digits, country);
      if (parsed?.isValid()) return ok(parsed.number, parsed.country);
    }
  }
  // Spreadsheets often drop the '+': '447911123456'. A leading 0 is a national prefix, never a
  // country code; and a number written the default country's way is never guessed to be foreign.
  if (!digits.startsWith('0') && (!country || mayReadAsInternational(text, digits, country, fast))) {
    const quick = fast ? fastInternational(`+${digits}`) : undefined;
    if (quick?.valid) return okInternational(quick.e164, quick.country, country);
    if (!quick) {
      const asInternational = parsePhoneNumberFromString(`+${digits}`);
      if (asInternational?.isValid()) return okInternational(asInternational.number, asInternational.country, country);
    }
  }
  if (!country) return reject('invalid', 'Phone number needs a country code (such as +44) or a default country');
  const length = national ? national.length : validatePhoneNumberLength(digits, country);
  if (length === 'TOO_LONG') return reject('too_long', `Phone number is too long for country ${country}`);
  return reject('invalid_for_country', `Invalid phone number for country ${country}`);
}

/**
 * The E.164 prefix a phone-like search term stands for ('+44 79' -> '+4479', '0044' -> '+44',
 * '07911' with country GB -> '+447911', '4479' -> '+4479'), or null when the term is not
 * phone-like. Used for prefix searches on stored numbers.
 */
export function phoneSearchPrefix(term: string, defaultCountry?: string | null): string | null {
  let compact = term.trim().replace(/^'/, '').replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('0') && defaultCountry && isPhoneCountry(defaultCountry)) {
    return `+${getCountryCallingCode(defaultCountry as CountryCode)}${compact.slice(1)}`;
  }
  return `+${compact}`;
}
