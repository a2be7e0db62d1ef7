import { readPreferences } from '@sms/contracts/preferences';
import type { User } from '@sms/contracts/users';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** Where a profile picture is served (public and content-addressed, so cached for good). */
export const avatarUrl = (id: string) => `/api/avatars/${id}.webp`;

/** Maps a users row to the API's User: never the password hash, token version or deletion mark. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    phone: row.phone,
    locale: row.locale,
    avatarUrl: row.avatarId ? avatarUrl(row.avatarId) : null,
    twoStepEnabled: row.twoStepEnabledAt !== null,
    preferences: readPreferences(row.preferences),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
