import { z } from 'zod';
import { LOCALES } from './locales.ts';
import { listResponseSchema, pageQuerySchema, sortOrderSchema } from './lists.ts';
import { organisationSetupSchema } from './organisation-setup.ts';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './passwords.ts';
import { ACTIONS, SUBJECTS } from './policy.ts';
import { preferencesSchema } from './preferences.ts';
import { ROLES } from './roles.ts';
import { publicAddressSchema } from './security-settings.ts';

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export const USER_STATUSES = ['active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES, { error: 'status must be active or disabled' });
export type UserStatus = (typeof USER_STATUSES)[number];

const nameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(120, 'name must be at most 120 characters');
const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email('email must be a valid email address').max(254, 'email must be at most 254 characters'));
const phoneSchema = z
  .string()
  .trim()
  .max(32, 'phone must be at most 32 characters')
  .regex(/^[+0-9 ()\-.]*$/, 'phone may contain digits, spaces and + ( ) - . only');
const localeSchema = z.enum(LOCALES, {
  error: 'locale must be one of the languages the interface offers (en, fr, ar, zh or a locale such as de-DE)',
});

/**
 * A user as the API presents it: never the password hash or token version. `phone`,
 * `twoStepEnabled` and `lastLoginAt` (sign-in and two-step details) are left out when someone
 * else's account is read by a role without `readSecurity User` (managers read the team without them).
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  phone: z.string().nullable().optional(),
  locale: localeSchema,
  /** Uploaded picture (public, content-addressed URL), or null: initials are shown. */
  avatarUrl: z.string().nullable(),
  twoStepEnabled: z.boolean().optional(),
  preferences: preferencesSchema,
  lastLoginAt: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export { loginBodySchema, type LoginBody } from './sign-in.ts';

export const loginResponseSchema = z.object({ user: userSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Raw CASL-style rules sent with the current user so the UI mirrors the API's policy. */
export const abilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
});
export const meResponseSchema = z.object({ user: userSchema, abilities: z.array(abilityRuleSchema) });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.optional(),
  phone: phoneSchema.optional(),
  locale: localeSchema.optional(),
  /** First-run setup only: the organisation's country and time zone (see organisation-setup.ts). */
  organisation: organisationSetupSchema.optional(),
  /** First-run setup only (400 afterwards): the app's public address, as the admin's browser sees it. */
  publicAddress: publicAddressSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Partial update. `currentPassword` is required when users change their own password. */
export const updateUserBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.nullable(),
    locale: localeSchema,
    role: roleSchema,
    status: userStatusSchema,
    password: newPasswordSchema,
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'createdAt', 'lastLoginAt'] as const;
export const listUsersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  sort: z.enum(USER_SORT_FIELDS, { error: `sort must be one of ${USER_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  order: sortOrderSchema.default('desc'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userListResponseSchema = listResponseSchema(userSchema);
export type UserList = z.infer<typeof userListResponseSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid('id must be a valid user id') });

/** What the sign-in pages need before anyone is signed in. */
export const setupStatusSchema = z.object({
  needsFirstAdmin: z.boolean(),
  openRegistration: z.boolean(),
  /** The configured minimum password length (Configurations -> Security), for the password forms. */
  minPasswordLength: z.number().int(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
