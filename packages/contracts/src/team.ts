import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';
import { PASSWORD_MAX_LENGTH } from './password-limits.ts';
import { ROLES } from './roles.ts';
import { USER_AVAILABILITIES } from './tickets.ts';

/**
 * The team (/apps/friends; decision 103): the staff directory and invitations by e-mail. An
 * invitation's link sets the person's own password; it works once, until it expires.
 */

/** An invitation link works this long (a resend starts it again). */
export const INVITATION_TTL_HOURS = 72;
/** Where the web app's page to accept an invitation lives; links are `<origin>/auth/invitation?token=...`. */
export const INVITATION_PATH = '/auth/invitation';

export const TEAM_STATUSES = ['active', 'disabled', 'invited'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

/** Error codes of invitations (docs/guide/errors.md). */
export const INVITATION_ERROR_CODES = {
  /** The token matches no invitation. */
  invalid: 'INVITATION_INVALID',
  expired: 'INVITATION_EXPIRED',
  used: 'INVITATION_USED',
  revoked: 'INVITATION_REVOKED',
} as const;

const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

/** GET /api/team. */
export const teamQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  status: z.enum(TEAM_STATUSES, { error: `status must be one of ${TEAM_STATUSES.join(', ')}` }).optional(),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

/** An open invitation as the team list shows it. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  invitedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/**
 * One person of the team: an account, or an invitation not accepted yet (`userId` null,
 * `invitation` set). Per-person figures are fields of their own (null when they do not apply).
 */
export const teamMemberSchema = z.object({
  /** The user id, or the invitation id for an invited person. */
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(TEAM_STATUSES),
  /** Last activity on the API (to the minute); null: never, or an invited person. */
  lastSeenAt: z.string().nullable(),
  /** Whether round-robin hands them conversations (`users.availability`); null for an invited person. */
  availability: z.enum(USER_AVAILABILITIES).nullable(),
  /** Conversations assigned to them that are not resolved (a snooze that has passed counts); null for an invited person. */
  openConversations: z.number().int().nullable(),
  /** Internal notes they wrote; null for an invited person. */
  notesWritten: z.number().int().nullable(),
  invitation: teamInvitationSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListResponseSchema = listResponseSchema(teamMemberSchema);
export type TeamList = z.infer<typeof teamListResponseSchema>;

/** POST /api/team/invitations. */
export const inviteBodySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid email address').max(254, 'email must be at most 254 characters')),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  role: roleSchema,
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

export const invitationIdParamsSchema = z.object({ id: z.uuid('id must be a valid invitation id') });

/**
 * An invitation just made or sent again. `link` is set only when no SMTP server is configured: the
 * admin passes it on; it is shown this once and never stored (only its hash).
 */
export const invitationSentResponseSchema = z.object({
  invitation: teamMemberSchema,
  delivery: z.enum(['email', 'link']),
  link: z.string().nullable(),
});
export type InvitationSentResponse = z.infer<typeof invitationSentResponseSchema>;

const tokenSchema = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'token is required')
  .max(200, 'token must be at most 200 characters');

/** POST /api/invitations/lookup: what the invitation page shows before the password is chosen. */
export const invitationLookupBodySchema = z.object({ token: tokenSchema });
export const invitationLookupResponseSchema = z.object({ name: z.string(), email: z.string(), expiresAt: z.string() });
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponseSchema>;

/** POST /api/invitations/accept: the password follows the configured rules (400 on `password`). */
export const acceptInvitationBodySchema = z.object({
  token: tokenSchema,
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
export const acceptInvitationResponseSchema = z.object({ email: z.string(), message: z.string() });
