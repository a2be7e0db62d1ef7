import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** The message for a password shorter than the minimum (the server and the forms say the same). */
export const passwordTooShortMessage = (minLength: number) => `password must be at least ${minLength} characters`;

/**
 * New-password rules with a given minimum length (admins may raise it above 8 in the Security
 * settings): `minLength`-128 characters and not one of the most common passwords.
 */
export const passwordSchemaWithMin = (minLength: number) =>
  z
    .string({ error: 'password is required' })
    .min(minLength, passwordTooShortMessage(minLength))
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), {
      message: 'password is too common; choose one that is harder to guess',
    });

/** A new password under the built-in rules: 8-128 characters and not one of the most common passwords. */
export const newPasswordSchema = passwordSchemaWithMin(PASSWORD_MIN_LENGTH);
