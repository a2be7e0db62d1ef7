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

/** Longest public address accepted. */
export const PUBLIC_ADDRESS_MAX_LENGTH = 500;

/**
 * The address people reach the app at (`https://sms.example.org`, optionally with a path):
 * links in account messages (password resets) start with it. Never taken from a request's Host.
 */
export const publicAddressSchema = z
  .string({ error: 'publicAddress must be text' })
  .trim()
  .max(PUBLIC_ADDRESS_MAX_LENGTH, `publicAddress must be at most ${PUBLIC_ADDRESS_MAX_LENGTH} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.hostname !== '' &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, 'publicAddress must be the http(s) address of the app, such as https://sms.example.org (no credentials, query or fragment)')
  .transform((value) => new URL(value).href.replace(/\/+$/, ''));

/**
 * Configurations -> Security (admins; managers read it). `tokenLifetimeSeconds` null means "TOKEN_TTL from the
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
  /** Where reset links point when PUBLIC_URL is not set; null: links are paths only (outbox). */
  publicAddress: publicAddressSchema.nullable(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  registration: 'closed',
  tokenLifetimeSeconds: null,
  minPasswordLength: PASSWORD_MIN_LENGTH,
  twoStepRequirement: 'none',
  publicAddress: null,
};

/** PUT /api/settings/security: any subset. */
export const updateSecuritySettingsBodySchema = securitySettingsSchema.partial();
export type UpdateSecuritySettingsBody = z.infer<typeof updateSecuritySettingsBodySchema>;

/**
 * GET/PUT /api/settings/security answer. `defaultTokenLifetimeSeconds` is TOKEN_TTL (what a null
 * lifetime means); `delivery` says how account e-mails (reset links) leave the server;
 * `publicUrl` is PUBLIC_URL when the environment sets it (it wins over `publicAddress`).
 */
export const securitySettingsResponseSchema = z.object({
  // As stored (already normalised): a response schema cannot run the input's transform backwards.
  settings: securitySettingsSchema.extend({ publicAddress: z.string().nullable() }),
  defaultTokenLifetimeSeconds: z.number().int(),
  publicUrl: z.string().nullable(),
  delivery: z.enum(['smtp', 'sms', 'outbox']),
});
export type SecuritySettingsResponse = z.infer<typeof securitySettingsResponseSchema>;

/** Whether the two-step requirement applies to someone with this role. */
export function twoStepRequiredFor(requirement: TwoStepRequirement, role: string): boolean {
  return requirement === 'everyone' || (requirement === 'admins' && role === 'admin');
}
