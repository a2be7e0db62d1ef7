import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { passwordSchemaWithMin } from '@sms/contracts/passwords';
import { registerBodySchema } from '@sms/contracts/users';
import { z } from 'zod';

/**
 * The shared registration rules for name, email and password (with the configured minimum
 * length), plus a matching confirmation.
 */
export const registerFormSchemaWithMin = (minPasswordLength: number) =>
  registerBodySchema
    .pick({ name: true, email: true })
    .extend({ password: passwordSchemaWithMin(minPasswordLength), confirmPassword: z.string() })
    .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMismatch' });

/** The registration form with the built-in minimum (8). */
export const registerFormSchema = registerFormSchemaWithMin(PASSWORD_MIN_LENGTH);

export type RegisterFormInput = z.input<typeof registerFormSchema>;
