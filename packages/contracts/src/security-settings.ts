import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.ts';

/** Who must use two-step verification: nobody (it stays optional), administrators, everyone. */
export const TWO_STEP_REQUIREMENTS = ['none', 'admins', 'everyone'] as const;
export type TwoStepRequirement = (typeof TWO_STEP_REQUIREMENTS)[number];

/** Registration of anonymous visitors: closed, or open (new accounts are viewers). */
export const REGISTRATION_MODES = ['closed', 'open'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** Bounds of the session lifetime an admin may set: 5 minutes to 30 days. */
export const TOKEN_LIFETIME_MIN_SECONDS = 5 * 60;
export const TOKEN_LIFETIME_MAX_SECONDS = 30 * 24 * 3600;

/**
 * Configurations -> Security (admins). `tokenLifetimeSeconds` null means "TOKEN_TTL from the
 * environment"; it applies to tokens issued after the change.
 */
export const securitySettingsSchema = z.object({
  registration: z.enum(REGISTRATION_MODES, { error: `registration must be one of ${REGISTRATION_MODES.join(', ')}` }),
  tokenLifetimeSeconds: z
    .number({ error: 'tokenLifetimeSeconds must be a number of seconds' })
    .int('tokenLifetimeSeconds must be a whole number of seconds')
    .min(TOKEN_LIFETIME_MIN_SECONDS, `tokenLifetimeSeconds must be at least ${TOKEN_LIFETIME_MIN_SECONDS} (5 minutes)`)
    .max(TOKEN_LIFETIME_MAX_SECONDS, `tokenLifetimeSeconds must be at most ${TOKEN_LIFETIME_MAX_SECONDS} (30 days)`)
    .nullable(),
  minPasswordLength: z
    .number({ error: 'minPasswordLength must be a number' })
    .int('minPasswordLength must be a whole number')
    .min(PASSWORD_MIN_LENGTH, `minPasswordLength must be at least ${PASSWORD_MIN_LENGTH}`)
    .max(PASSWORD_MAX_LENGTH, `minPasswordLength must be at most ${PASSWORD_MAX_LENGTH}`),
  twoStepRequirement: z.enum(TWO_STEP_REQUIREMENTS, { error: `twoStepRequirement must be one of ${TWO_STEP_REQUIREMENTS.join(', ')}` }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  registration: 'closed',
  tokenLifetimeSeconds: null,
  minPasswordLength: PASSWORD_MIN_LENGTH,
  twoStepRequirement: 'none',
};

/** PUT /api/settings/security: any subset. */
export const updateSecuritySettingsBodySchema = securitySettingsSchema.partial();
export type UpdateSecuritySettingsBody = z.infer<typeof updateSecuritySettingsBodySchema>;

/**
 * GET/PUT /api/settings/security answer. `defaultTokenLifetimeSeconds` is TOKEN_TTL (what a null
 * lifetime means); `delivery` says how account e-mails (reset links) leave the server.
 */
export const securitySettingsResponseSchema = z.object({
  settings: securitySettingsSchema,
  defaultTokenLifetimeSeconds: z.number().int(),
  delivery: z.enum(['smtp', 'sms', 'outbox']),
});
export type SecuritySettingsResponse = z.infer<typeof securitySettingsResponseSchema>;

/** Whether the two-step requirement applies to someone with this role. */
export function twoStepRequiredFor(requirement: TwoStepRequirement, role: string): boolean {
  return requirement === 'everyone' || (requirement === 'admins' && role === 'admin');
}
