import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';

/** An i18n key in the `forms` namespace plus its values. */
export interface MessageKey {
  key: string;
  values?: Record<string, number>;
}

/**
 * Messages of the shared zod schemas (packages/contracts) and of the API's field errors, mapped
 * to translations. The client and the server validate with the same English texts, so one table
 * serves both; unknown messages are shown as they are.
 */
const KNOWN_MESSAGES: Record<string, MessageKey> = {
  'name is required': { key: 'validation.required' },
  'email is required': { key: 'validation.required' },
  'password is required': { key: 'validation.required' },
  'name must be at most 120 characters': { key: 'validation.tooLong', values: { max: 120 } },
  'email must be a valid email address': { key: 'validation.email' },
  'email must be at most 254 characters': { key: 'validation.tooLong', values: { max: 254 } },
  'phone must be at most 32 characters': { key: 'validation.tooLong', values: { max: 32 } },
  'phone may contain digits, spaces and + ( ) - . only': { key: 'validation.phoneChars' },
  [`password must be at least ${PASSWORD_MIN_LENGTH} characters`]: {
    key: 'validation.passwordTooShort',
    values: { min: PASSWORD_MIN_LENGTH },
  },
  [`password must be at most ${PASSWORD_MAX_LENGTH} characters`]: { key: 'validation.tooLong', values: { max: PASSWORD_MAX_LENGTH } },
  'password is too common; choose one that is harder to guess': { key: 'validation.passwordCommon' },
  'An account with this email already exists.': { key: 'validation.emailTaken' },
  'Current password is incorrect': { key: 'validation.currentPasswordIncorrect' },
  'Current password is required to change your password or email': { key: 'validation.currentPasswordRequired' },
  'The password is incorrect': { key: 'validation.passwordIncorrect' },
  'code must be 6 digits': { key: 'validation.codeDigits' },
  'consentNote is required to opt a contact back in: record how they agreed to receive messages again': {
    key: 'validation.consentNoteRequired',
  },
  'publicAddress must be the http(s) address of the app, such as https://sms.example.org (no credentials, query or fragment)': {
    key: 'validation.publicAddress',
  },
};

/** Rules every numeric or text field of the contracts words the same way ("rateLimit must be at least 1"). */
const PATTERNS: Array<[RegExp, (match: RegExpExecArray) => MessageKey]> = [
  // Admins may raise the minimum length above 8 (Configurations -> Security).
  [/^password must be at least (\d+) characters$/, (m) => ({ key: 'validation.passwordTooShort', values: { min: Number(m[1]) } })],
  [/^[\w.]+ is required$/, () => ({ key: 'validation.required' })],
  [/^[\w.]+ must be at most (\d+) characters$/, (m) => ({ key: 'validation.tooLong', values: { max: Number(m[1]) } })],
  [/^[\w.]+ must be a whole number$/, () => ({ key: 'validation.wholeNumber' })],
  [/^[\w.]+ must be a number$/, () => ({ key: 'validation.number' })],
  [/^[\w.]+ must be at least (\d+)$/, (m) => ({ key: 'validation.atLeast', values: { min: Number(m[1]) } })],
  [/^[\w.]+ must be 0 or more$/, () => ({ key: 'validation.atLeast', values: { min: 0 } })],
  [/^[\w.]+ must be at most (\d+)$/, (m) => ({ key: 'validation.atMost', values: { max: Number(m[1]) } })],
  [/^[\w.]+ must be between (\d+) and (\d+)$/, (m) => ({ key: 'validation.between', values: { min: Number(m[1]), max: Number(m[2]) } })],
  // The text rule (contracts/text-input.ts): NUL or a lone surrogate in any field.
  [/^[\w.]+ must not contain (the NUL character|a lone surrogate)/, () => ({ key: 'validation.unstorableText' })],
];

/** Client-only rules refer to their key directly, e.g. `message: 'validation.passwordsMismatch'`. */
const OWN_KEY = /^validation\.[a-zA-Z]+$/;

/** The translation for a validation or server field message, or null to show the text as it is. */
export function validationMessageKey(message: string | undefined): MessageKey | null {
  if (!message) return null;
  const known = KNOWN_MESSAGES[message.trim()];
  if (known) return known;
  if (OWN_KEY.test(message)) return { key: message };
  // Generic rules of the shared schemas, whatever the field ("rateLimit must be at least 1").
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(message.trim());
    if (match) return build(match);
  }
  // Enum messages name the allowed values ("role must be one of admin, manager, ...").
  if (/^\w+ must be one of /.test(message) || /^\w+ must be \w+ or \w+$/.test(message)) return { key: 'validation.invalidChoice' };
  return null;
}
