import { passwordSchemaWithMin } from '@sms/contracts/passwords';
import { z } from 'zod';

/** A new password under the shared rules (configured minimum) and its confirmation. */
export const resetFormSchema = (minPasswordLength: number) =>
  z
    .object({ password: passwordSchemaWithMin(minPasswordLength), confirmPassword: z.string() })
    .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMismatch' });
