import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-limits.ts';

// The sign-in body on its own (users.ts re-exports it): the sign-in page imports this module alone
// instead of users.ts with the user, preference, list and security schemas it builds (decision 047).
/** An account's e-mail as typed at sign-in and on the forgotten-password form (trimmed, lower case). */
export const accountEmailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .max(254, 'email must be at most 254 characters');

export const loginBodySchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
