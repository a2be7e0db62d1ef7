import { normalisePhone } from './phone.ts';

/** How a column's numbers read with a default country (empty cells left out). */
export interface PhoneColumnCheck {
  numbers: number;
  valid: number;
  /** Refused: an import rejects their rows. */
  invalid: number;
  /** Valid only as international numbers although a default country was given (see normalisePhone). */
  readAsInternational: number;
  /** The first few of those, as read. */
  examples: Array<{ input: string; e164: string; country: string | null }>;
}

/**
 * Reads a column's numbers as an import would (normalisePhone with the default country): the
 * import preview shows this for its first rows, so a wrong default country shows before the
 * import, as it shows in the import's result (its warnings count the same flag over every row).
 */
export function checkPhoneColumn(values: readonly string[], defaultCountry: string | null, maxExamples = 3): PhoneColumnCheck {
  const check: PhoneColumnCheck = { numbers: 0, valid: 0, invalid: 0, readAsInternational: 0, examples: [] };
  for (const value of values) {
    if (value.trim() === '') continue;
    check.numbers++;
    const phone = normalisePhone(value, defaultCountry);
    if (!phone.ok) {
      check.invalid++;
      continue;
    }
    check.valid++;
    if (!phone.readAsInternational) continue;
    check.readAsInternational++;
    if (check.examples.length < maxExamples) check.examples.push({ input: value.trim(), e164: phone.e164, country: phone.country });
  }
  return check;
}
