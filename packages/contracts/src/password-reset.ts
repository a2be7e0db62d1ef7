import { z } from 'zod';
import { accountEmailSchema } from './sign-in.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';
import { PASSWORD_MAX_LENGTH } from './passwords.ts';

/** A reset link works once, for this long. */
export const RESET_LINK_TTL_MINUTES = 30;

/** Where the web app's reset page lives; the link in messages is `<origin>/auth/reset-password?token=...`. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** Throttling of reset requests over a 15-minute window (counted whether or not the account exists). */
export const RESET_THROTTLE = { windowSeconds: 15 * 60, maxPerEmail: 3, maxPerIp: 10 } as const;

/** The one answer to every well-formed request, so it never tells whether the account exists. */
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, a link to reset the password is on its way.';

/** POST /api/users/forgot-password. */
export const forgotPasswordBodySchema = z.object({ email: accountEmailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * POST /api/users/reset-password. The password's length rule is the configured minimum, checked
 * by the server (400 on `password`); this schema only bounds the input.
 */
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token must be at most 200 characters'),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Error codes of the reset flow. */
export const RESET_ERROR_CODES = { invalidLink: 'RESET_LINK_INVALID' } as const;

/**
 * An account message that could not be delivered (no SMTP, no SMS gateway): kept for admins to
 * read and pass on (Configurations -> Security -> Mail outbox).
 */
export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxQuerySchema = pageQuerySchema;
export const outboxListResponseSchema = listResponseSchema(outboxEntrySchema);
export type OutboxList = z.infer<typeof outboxListResponseSchema>;
