import { readPreferences } from '@sms/contracts/preferences';
import type { User } from '@sms/contracts/users';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** Where a profile picture is served (public and content-addressed, so cached for good). */
export const avatarUrl = (id: string) => `/api/avatars/${id}.webp`;

/**
 * Maps a users row to the API's User: never the password hash, token version or deletion mark.
 * `withSecurity: false` (a manager reading a colleague) leaves out the phone and the sign-in and
 * two-step details; one's own account and admins' reads carry them.
 */
export function presentUser(row: UserRow, withSecurity = true): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    ...(withSecurity
      ? { phone: row.phone, twoStepEnabled: row.twoStepEnabledAt !== null, lastLoginAt: row.lastLoginAt?.toISOString() ?? null }
      : {}),
    locale: row.locale,
    avatarUrl: row.avatarId ? avatarUrl(row.avatarId) : null,
    preferences: readPreferences(row.preferences),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
