import { Metadata } from 'libphonenumber-js/max';

/**
 * A faster route to the answer libphonenumber-js gives for the common, valid numbers.
 *
 * Why: libphonenumber-js builds a `new RegExp` from its metadata text on every pattern test
 * (helpers/matchesEntirely.js), and a number takes 10-20 such tests (country of a shared calling
 * code, then validity), which made phone numbers the largest CPU cost of a million-row import.
 * This module follows the same steps over the same metadata with each pattern compiled once.
 *
 * It answers what the library would (valid: E.164 and country; invalid: the length verdict the
 * rejection reason needs) only where it follows every step the library takes; for the rest
 * (carrier codes and national prefix rewrite rules, IDD prefixes, numbers starting with their own
 * calling code, non-geographic codes) it answers undefined and the caller asks libphonenumber-js.
 * phone-fast-path.test.ts checks both routes agree on a large random sample of every country.
 */

/** The accessors of libphonenumber-js's Metadata (and its numbering plans) this module reads. */
interface PlanAccessors {
  callingCode(): string;
  IDDPrefix(): string | undefined;
  nationalNumberPattern(): string;
  possibleLengths(): number[] | undefined;
  nationalPrefixForParsing(): string | undefined;
  leadingDigits(): string | undefined;
  hasTypes(): boolean;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}
interface MetadataAccessors {
  numberingPlan: PlanAccessors;
  selectNumberingPlan(countryOrCallingCode: string): MetadataAccessors;
  hasCallingCode(callingCode: string): boolean | undefined;
  getCountryCodesForCallingCode(callingCode: string): string[] | undefined;
  hasCountry(country: string): boolean;
}

/** A country's numbering plan with its patterns compiled once. */
interface Plan {
  callingCode: string;
  /** Unanchored, as stripIddPrefix uses it (must match at 0). */
  idd: RegExp | undefined;
  nationalNumber: RegExp;
  possibleLengths: number[] | undefined;
  nationalPrefix: RegExp | undefined;
  leadingDigits: RegExp | undefined;
  hasTypes: boolean;
  types: Array<{ pattern: RegExp; lengths: number[] | undefined }>;
}

// getNumberType's order: fixed line, then the others. Any match makes a number valid.
const TYPES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'];
const MIN_NSN = 2;
const MAX_NSN = 17;

const metadata = new (Metadata as unknown as new () => MetadataAccessors)();
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const plans = new Map<string, Plan>();

function planOf(country: string): Plan {
  let plan = plans.get(country);
  if (plan) return plan;
  const source = metadata.selectNumberingPlan(country).numberingPlan;
  const idd = source.IDDPrefix();
  const nationalPrefix = source.nationalPrefixForParsing();
  const leadingDigits = source.leadingDigits();
  const types: Plan['types'] = [];
  for (const name of TYPES) {
    const type = source.type(name);
    if (type && type.pattern()) types.push({ pattern: whole(type.pattern()), lengths: type.possibleLengths() });
  }
  plan = {
    callingCode: source.callingCode(),
    idd: idd ? new RegExp(idd) : undefined,
    nationalNumber: whole(source.nationalNumberPattern()),
    possibleLengths: source.possibleLengths(),
    nationalPrefix: nationalPrefix ? new RegExp(`^(?:${nationalPrefix})`) : undefined,
    leadingDigits: leadingDigits ? new RegExp(leadingDigits) : undefined,
    hasTypes: source.hasTypes(),
    types,
  };
  plans.set(country, plan);
  return plan;
}

// The last answer of hasType: one number asks it the same question up to three times (its
// country among those of a shared calling code, the national prefix, validity), each a few
// pattern tests.
let lastNsn = '';
let lastPlan: Plan | undefined;
let lastHasType = false;

/** getNumberType(...) !== undefined: the national pattern and one type's lengths and pattern match. */
function hasType(nsn: string, plan: Plan): boolean {
  if (nsn === lastNsn && plan === lastPlan) return lastHasType;
  lastNsn = nsn;
  lastPlan = plan;
  lastHasType = matchesType(nsn, plan);
  return lastHasType;
}

function matchesType(nsn: string, plan: Plan): boolean {
  if (!plan.nationalNumber.test(nsn)) return false;
  for (const type of plan.types) {
    if (type.lengths && !type.lengths.includes(nsn.length)) continue;
    if (type.pattern.test(nsn)) return true;
  }
  return false;
}

/** isValidNumber for a number whose country is known. */
const isValid = (nsn: string, plan: Plan) => (plan.hasTypes ? hasType(nsn, plan) : plan.nationalNumber.test(nsn));

/** getCountryByCallingCode: the one country of the code, or the first whose leading digits or types match. */
function countryOf(callingCode: string, nsn: string): string | undefined {
  const countries = metadata.getCountryCodesForCallingCode(callingCode);
  if (!countries) return undefined;
  if (countries.length === 1) return countries[0];
  for (const country of countries) {
    const plan = planOf(country);
    if (plan.leadingDigits) {
      if (nsn.search(plan.leadingDigits) === 0) return country;
    } else if (hasType(nsn, plan)) return country;
  }
  return undefined;
}

/** checkNumberLength: how a national number's length fits the plan's possible lengths. */
function checkLength(nsn: string, lengths: number[] | undefined): 'IS_POSSIBLE' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH' {
  if (!lengths) return 'IS_POSSIBLE';
  const length = nsn.length;
  if (lengths[0] === length) return 'IS_POSSIBLE';
  if (lengths[0]! > length) return 'TOO_SHORT';
  if (lengths[lengths.length - 1]! < length) return 'TOO_LONG';
  return lengths.indexOf(length, 1) >= 0 ? 'IS_POSSIBLE' : 'INVALID_LENGTH';
}

/** A step the fast path does not follow: libphonenumber-js must answer. */
const BAIL = null;

/**
 * extractNationalNumber: strips the national prefix ('0' in GB) when the rest still looks like a
 * number of the plan. BAIL when the plan's prefix captures a carrier code (not followed here).
 */
function nationalSignificant(number: string, plan: Plan): string | typeof BAIL {
  if (!plan.nationalPrefix) return number;
  const match = plan.nationalPrefix.exec(number);
  if (!match) return number;
  const groups = match.length - 1;
  if (groups > 0 && match[groups]) return BAIL;
  const stripped = number.slice(match[0].length);
  if (stripped === number) return number;
  if (plan.nationalNumber.test(number) && !plan.nationalNumber.test(stripped)) return number;
  if (plan.possibleLengths) {
    const country = countryOf(plan.callingCode, stripped);
    const fit = checkLength(stripped, country ? planOf(country).possibleLengths : plan.possibleLengths);
    if (fit === 'TOO_SHORT' || fit === 'INVALID_LENGTH') return number;
  }
  return stripped;
}

/** What parse() makes of the input: a number (country undefined when none of its code matched) or its ParseError. */
type Parsed = { callingCode: string; nsn: string; country: string | undefined } | 'INVALID_COUNTRY' | 'TOO_SHORT' | 'TOO_LONG';

const withLength = (callingCode: string, nsn: string, country: string | undefined): Parsed =>
  nsn.length < MIN_NSN ? 'TOO_SHORT' : nsn.length > MAX_NSN ? 'TOO_LONG' : { callingCode, nsn, country };

/**
 * The answer for a parsed number: isValid() and, when invalid, validatePhoneNumberLength()
 * (undefined when the length is possible), both as libphonenumber-js computes them.
 */
export type FastVerdict = { valid: true; e164: string; country: string | undefined } | { valid: false; length: string | undefined };

function verdict(parsed: Parsed): FastVerdict {
  if (typeof parsed === 'string') return { valid: false, length: parsed };
  const { callingCode, nsn, country } = parsed;
  // No country: the calling code's main plan (e.g. US for +1) decides, as in isValidNumber.
  const plan = planOf(country ?? metadata.getCountryCodesForCallingCode(callingCode)![0]!);
  if (isValid(nsn, plan)) return { valid: true, e164: `+${callingCode}${nsn}`, country };
  const length = checkLength(nsn, plan.possibleLengths);
  return { valid: false, length: length === 'IS_POSSIBLE' ? undefined : length };
}

/**
 * '+' and 4-15 ASCII digits, as parsePhoneNumberFromString(text) and validatePhoneNumberLength(text)
 * judge it; undefined when libphonenumber-js must answer (non-geographic codes, carrier codes).
 */
export function fastInternational(text: string): FastVerdict | undefined {
  if (text.length < 5 || text.charCodeAt(0) !== 43) return undefined;
  if (text.charCodeAt(1) === 48) return verdict('INVALID_COUNTRY');
  for (let length = 1; length <= 3; length++) {
    const callingCode = text.slice(1, 1 + length);
    if (!metadata.hasCallingCode(callingCode)) continue;
    const countries = metadata.getCountryCodesForCallingCode(callingCode);
    if (!countries) return undefined;
    const nsn = nationalSignificant(text.slice(1 + length), planOf(countries[0]!));
    return nsn === BAIL ? undefined : verdict(withLength(callingCode, nsn, countryOf(callingCode, nsn)));
  }
  return verdict('INVALID_COUNTRY');
}

/**
 * National digits (4-15) read in `country` (a supported ISO code), as
 * parsePhoneNumberFromString(digits, country) and validatePhoneNumberLength(digits, country) judge
 * them; undefined when libphonenumber-js must answer (an IDD prefix or the country's own calling
 * code up front, carrier codes).
 */
export function fastNational(digits: string, country: string): FastVerdict | undefined {
  if (digits.length < 4 || !metadata.hasCountry(country)) return undefined;
  const plan = planOf(country);
  if (plan.idd && digits.search(plan.idd) === 0) return undefined;
  if (digits.startsWith(plan.callingCode)) return undefined;
  const nsn = nationalSignificant(digits, plan);
  if (nsn === BAIL) return undefined;
  return verdict(withLength(plan.callingCode, nsn, countryOf(plan.callingCode, nsn) ?? country));
}

/** The possible lengths of a country's national numbers (a supported ISO code), from the compiled plan. */
export const fastPossibleLengths = (country: string): number[] | undefined => planOf(country).possibleLengths;

/** Whether `digits` is a country calling code ('44', '1'; not '490'). */
export const isCallingCode = (digits: string): boolean => digits !== '' && metadata.hasCallingCode(digits) === true;
