import type { User } from '@sms/contracts/users';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

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
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
