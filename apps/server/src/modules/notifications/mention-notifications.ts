import { ROLES } from '@sms/contracts/roles';
import { roleReceives } from '@sms/contracts/notifications';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** What a note's mention tells its users: the note (one notification per user and note), its contact and the words. */
export interface MentionNotice {
  noteId: string;
  contactId: string;
  userIds: readonly string[];
  /** The note's author (never notified of their own mention). */
  authorId: string;
  params: { author: string; name: string };
  /** Whether the server can send e-mail: users who want mentions by e-mail get one. */
  emailAvailable: boolean;
}

const receivingRoles = () =>
  sql.join(
    ROLES.filter((role) => roleReceives(role, 'note_mention')).map((role) => sql`${role}`),
    sql`, `,
  );

/**
 * Notifies users named in a note, in the transaction that saved it (a note is written by a
 * person, not by the engine, so no sweep is needed): active users whose role may read notes,
 * with their channel choices, once per note (`mention:<note id>`: an edit that keeps a mention
 * does not notify again). Answers the users notified.
 */
export async function notifyMentions(db: Executor, notice: MentionNotice): Promise<string[]> {
  const others = notice.userIds.filter((id) => id !== notice.authorId);
  if (others.length === 0) return [];
  const rows = await queryRows<{ userId: string }>(
    db,
    sql`insert into notifications (user_id, kind, event_key, subject_id, params, in_app, email_state)
        select u.id, 'note_mention', ${`mention:${notice.noteId}`}, ${notice.contactId},
               ${JSON.stringify({ ...notice.params, noteId: notice.noteId })}::jsonb,
               coalesce((p.kinds -> 'note_mention' ->> 'inApp')::boolean, true),
               case when coalesce((p.kinds -> 'note_mention' ->> 'email')::boolean, false) and ${notice.emailAvailable}::boolean then 'pending' end
        from users u left join notification_preferences p on p.user_id = u.id
        where u.id = any(${sql.param(others)}::uuid[]) and u.status = 'active' and u.deleted_at is null and u.role in (${receivingRoles()})
        on conflict (user_id, event_key) do nothing
        returning user_id as "userId"`,
  );
  return rows.map((row) => row.userId);
}
