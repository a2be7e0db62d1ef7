import { registerBodySchema } from '@sms/contracts/users';
import { z } from 'zod';

/** The shared registration rules for name, email and password, plus a matching confirmation. */
export const registerFormSchema = registerBodySchema
  .pick({ name: true, email: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMismatch' });

export type RegisterFormInput = z.input<typeof registerFormSchema>;
