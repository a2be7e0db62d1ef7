import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A user's activity is written at most this often (per process; the statement also checks the row). */
export const LAST_SEEN_INTERVAL_MS = 60_000;
const TRACKED_USERS = 10_000;

/**
 * Records that signed-in users are active (the team's "last seen"), cheaply: at most one write per
 * user and minute from each process, and the statement itself skips a row written less than a
 * minute ago (another process). A failure never fails the request.
 */
export function lastSeenRecorder(db: Db, now: () => number = Date.now): (userId: string) => Promise<void> {
  const written = new Map<string, number>();
  return async (userId) => {
    const at = now();
    const last = written.get(userId);
    if (last !== undefined && at - last < LAST_SEEN_INTERVAL_MS) return;
    if (written.size >= TRACKED_USERS) written.clear();
    written.set(userId, at);
    try {
      await db.execute(
        sql`insert into user_presence (user_id, last_seen_at) values (${userId}, now())
            on conflict (user_id) do update set last_seen_at = now()
            where user_presence.last_seen_at < now() - interval '1 minute'`,
      );
    } catch {
      written.delete(userId);
    }
  };
}
