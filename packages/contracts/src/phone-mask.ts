import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Digits of the national number left visible at each end of a masked phone number. */
const SHOWN_FIRST = 2;
const SHOWN_LAST = 3;

/**
 * A phone number as viewers see it (PRODUCT.md section 4): the country code, the first two and
 * last three digits of the national number, the rest starred, grouped as 4 + the rest:
 * '+447911123456' -> '+44 79** ***456'. Enough to tell recipients apart, not to call them.
 */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const code = parsed?.countryCallingCode ?? '';
  const national = parsed ? parsed.nationalNumber : e164.replace(/\D/g, '');
  // Short numbers show less, so that at least one digit is always starred.
  const shownFirst = Math.min(SHOWN_FIRST, Math.floor((national.length - 1) / 2));
  const shownLast = Math.min(SHOWN_LAST, Math.max(0, national.length - shownFirst - 1));
  const starred = [...national].map((digit, index) => (index < shownFirst || index >= national.length - shownLast ? digit : '*')).join('');
  const grouped = starred.length > 4 ? `${starred.slice(0, 4)} ${starred.slice(4)}` : starred;
  return code ? `+${code} ${grouped}` : `+${grouped}`;
}
