import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { fastInternational } from './phone-fast-path.ts';

/**
 * The destination country of stored numbers, counted set-based (decision 042): the database
 * groups an audience by the first characters of its E.164 numbers and this module names the
 * country of each group from one of its numbers. The prefix is long enough to hold the calling
 * code and the leading digits that tell the countries sharing a code apart (+1 and its area
 * codes, +7 and Kazakhstan's 6/7); a few codes need more digits. phone-destination.test.ts checks
 * that every country's example numbers get the country libphonenumber-js gives them.
 */

/** Characters of the E.164 number ("+" included) a group shares, by calling code; others: DEFAULT_PREFIX_LENGTH. */
export const LONG_PREFIXES: Readonly<Record<string, number>> = {
  // Guernsey, Jersey and the Isle of Man inside +44 (1481, 7781, 74576, ...).
  '44': 8,
  // Christmas and Cocos Islands inside +61 (89162, 89164).
  '61': 8,
  // Western Sahara inside +212 (5288, 5289).
  '212': 8,
};
/** "+" and four digits: +1 with the whole area code, or a three-digit calling code and one digit. */
export const DEFAULT_PREFIX_LENGTH = 5;

/** The length of the group prefix of an E.164 number. */
export function destinationPrefixLength(e164: string): number {
  for (const [code, length] of Object.entries(LONG_PREFIXES)) if (e164.startsWith(`+${code}`)) return length;
  return DEFAULT_PREFIX_LENGTH;
}

/** The country of an E.164 number (null when it names none: non-geographic or invalid). */
export function destinationCountry(e164: string): string | null {
  const fast = fastInternational(e164);
  if (fast?.valid) return fast.country ?? null;
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
