import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './passwords.ts';
import { loginResponseSchema, userSchema } from './users.ts';

/**
 * Two-step verification (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps, one step of clock
 * drift either way), ten single-use recovery codes, optional SMS codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge (password checked, code still due) lasts this long. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes a challenge accepts before it is used up (sign in again). */
export const CHALLENGE_MAX_FAILURES = 5;
/** Wrong codes per account (and per IP) over 15 minutes before 429, across challenges. */
export const TWO_STEP_THROTTLE = { windowSeconds: 15 * 60, maxPerUser: 10, maxPerIp: 30 } as const;

export const TWO_STEP_METHODS = ['totp', 'recovery', 'sms'] as const;
export type TwoStepMethod = (typeof TWO_STEP_METHODS)[number];

/**
 * POST /api/users/login when the password is right but a second step is due: no token yet.
 * `enrolmentRequired`: an admin requires two-step verification and this account has none, so it
 * must enrol (setup + enable with the challenge) before it gets a token.
 */
export const twoStepChallengeSchema = z.object({
  twoStepRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(TWO_STEP_METHODS)),
  enrolmentRequired: z.boolean(),
  expiresAt: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

const challengeField = z
  .string({ error: 'challenge is required' })
  .trim()
  .min(1, 'challenge is required')
  .max(200, 'challenge must be at most 200 characters');
const totpCode = z
  .string({ error: 'code is required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'code must be 6 digits'));

/** POST /api/users/login/two-step: finish signing in with a code. */
export const twoStepVerifyBodySchema = z.object({
  challenge: challengeField,
  method: z.enum(TWO_STEP_METHODS, { error: `method must be one of ${TWO_STEP_METHODS.join(', ')}` }),
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(40, 'code must be at most 40 characters'),
});
export type TwoStepVerifyBody = z.infer<typeof twoStepVerifyBodySchema>;

/** POST /api/users/login/two-step/sms: text a code to the account's phone. */
export const challengeBodySchema = z.object({ challenge: challengeField });
export type ChallengeBody = z.infer<typeof challengeBodySchema>;
export const smsSentResponseSchema = z.object({ sentTo: z.string() });

/** A new TOTP secret to enrol: scan the QR code or type the secret. Not active until enabled. */
export const twoStepSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** data:image/svg+xml URL of the QR code of otpauthUri. */
  qrCode: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupResponseSchema>;

/** Enable two-step verification with a code from the app just set up. */
export const twoStepEnableBodySchema = z.object({ code: totpCode });
export type TwoStepEnableBody = z.infer<typeof twoStepEnableBodySchema>;
export const loginEnrolBodySchema = z.object({ challenge: challengeField, code: totpCode });
export type LoginEnrolBody = z.infer<typeof loginEnrolBodySchema>;

/** Recovery codes are shown once, when created. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Sign-in completed by enrolling: the session plus the recovery codes to keep. */
export const loginEnrolResponseSchema = z.object({ user: userSchema, token: z.string(), recoveryCodes: z.array(z.string()) });
export type LoginEnrolResponse = z.infer<typeof loginEnrolResponseSchema>;

/** Disabling two-step verification or replacing recovery codes needs the password. */
export const passwordConfirmBodySchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBodySchema>;

/** GET /api/users/me/two-step. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** An admin requires it for this account: it cannot be disabled. */
  required: z.boolean(),
  /** SMS codes can be sent (a gateway is configured and the account has a phone). */
  smsAvailable: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** Error codes of the two-step flow. */
export const TWO_STEP_ERROR_CODES = {
  invalidCode: 'INVALID_CODE',
  challengeInvalid: 'CHALLENGE_INVALID',
  alreadyEnabled: 'TWO_STEP_ALREADY_ENABLED',
  notSetUp: 'TWO_STEP_NOT_SET_UP',
  required: 'TWO_STEP_REQUIRED',
  smsUnavailable: 'SMS_UNAVAILABLE',
} as const;

/** POST /api/users/login answers a session, or a challenge when a second step is due. */
export const loginResultSchema = z.union([loginResponseSchema, twoStepChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;
