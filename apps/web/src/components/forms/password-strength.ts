import { COMMON_PASSWORDS } from '@sms/contracts/common-passwords';
import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { passwordSchemaWithMin } from '@sms/contracts/passwords';

/** The hints shown under a new-password field; `length` and `notCommon` are the shared rules. */
export const PASSWORD_CHECKS = ['length', 'notCommon', 'mixedCase', 'number', 'symbol', 'long'] as const;
export type PasswordCheck = (typeof PASSWORD_CHECKS)[number];
export type StrengthLevel = 'empty' | 'weak' | 'fair' | 'good' | 'strong';

/** Length from which a password earns an extra point, and a second one at twice that. */
export const LONG_PASSWORD_LENGTH = 12;

export interface PasswordStrength {
  /** 0 (empty) to 4 (strong). */
  score: 0 | 1 | 2 | 3 | 4;
  level: StrengthLevel;
  checks: Record<PasswordCheck, boolean>;
  /** Whether the shared rules (newPasswordSchema) accept it: the server will too. */
  acceptable: boolean;
}

/**
 * Rates a new password for the strength meter. Anything the shared rules reject (with the
 * configured minimum length) is "weak"; accepted passwords score by variety and length.
 */
export function passwordStrength(password: string, minLength: number = PASSWORD_MIN_LENGTH): PasswordStrength {
  const checks: Record<PasswordCheck, boolean> = {
    length: password.length >= minLength,
    notCommon: password.length > 0 && !COMMON_PASSWORDS.has(password.toLowerCase()),
    mixedCase: /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password),
    number: /\p{N}/u.test(password),
    symbol: /[^\p{L}\p{N}\s]/u.test(password),
    long: password.length >= LONG_PASSWORD_LENGTH,
  };
  const acceptable = passwordSchemaWithMin(minLength).safeParse(password).success;
  if (password.length === 0) return { score: 0, level: 'empty', checks, acceptable };
  if (!acceptable) return { score: 1, level: 'weak', checks, acceptable };
  const points =
    Number(checks.mixedCase) +
    Number(checks.number) +
    Number(checks.symbol) +
    Number(checks.long) +
    Number(password.length >= LONG_PASSWORD_LENGTH * 2);
  if (points <= 1) return { score: 2, level: 'fair', checks, acceptable };
  if (points <= 3) return { score: 3, level: 'good', checks, acceptable };
  return { score: 4, level: 'strong', checks, acceptable };
}
