import type { NotificationKind } from '@sms/contracts/notifications';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import type { notifications } from '../../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

const kindList = (kinds: readonly NotificationKind[]): SQL =>
  kinds.length === 0
    ? sql`null`
    : sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      );

/** What a user sees: their in-app notifications of the kinds their role may read now. */
const visible = (userId: string, kinds: readonly NotificationKind[]): SQL =>
  sql`user_id = ${userId} and in_app and kind in (${kindList(kinds)})`;

/** A user's newest notifications (by last change: a growing replies batch comes back up). */
export async function listNotifications(
  db: Executor,
  userId: string,
  kinds: readonly NotificationKind[],
  options: { limit: number; unreadOnly?: boolean | undefined },
): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    db,
    sql`select id, user_id as "userId", kind, event_key as "eventKey", subject_id as "subjectId", params, reason, count,
               in_app as "inApp", email_state as "emailState", created_at as "createdAt", updated_at as "updatedAt", read_at as "readAt"
        from notifications where ${visible(userId, kinds)} ${options.unreadOnly ? sql`and read_at is null` : sql``}
        order by updated_at desc, id desc limit ${options.limit}`,
  );
}

/** How many of a user's visible notifications are unread. */
export async function unreadCount(db: Executor, userId: string, kinds: readonly NotificationKind[]): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notifications where ${visible(userId, kinds)} and read_at is null`,
  );
  return row?.unread ?? 0;
}

/** One of the user's notifications (its kind decides who may touch it), or undefined when it is not theirs (or not there). */
export async function findOwnNotification(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ id: string; kind: NotificationKind } | undefined> {
  const [row] = await queryRows<{ id: string; kind: NotificationKind }>(
    db,
    sql`select id, kind from notifications where id = ${id} and user_id = ${userId}`,
  );
  return row;
}

/** Marks one of the user's notifications read; answers false when it is not theirs (or not there). */
export async function markNotificationRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now()), updated_at = case when read_at is null then now() else updated_at end
        where id = ${id} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`update notifications set read_at = now(), updated_at = now() where user_id = ${userId} and read_at is null`);
}

/** Per listening user: unread count and the last change, for the live stream (one statement for all listeners). */
export async function notificationStates(
  db: Executor,
  userIds: readonly string[],
): Promise<Array<{ userId: string; unread: number; changed: string }>> {
  if (userIds.length === 0) return [];
  return queryRows(
    db,
    sql`select user_id as "userId", count(*) filter (where read_at is null and in_app)::int as unread, max(updated_at)::text as changed
        from notifications where user_id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by user_id`,
  );
}

/** E-mails the sweep still has to send, oldest first, with the recipient's address. */
export async function pendingEmails(
  db: Executor,
  limit: number,
): Promise<
  Array<
    Pick<NotificationRow, 'id' | 'kind' | 'subjectId' | 'params' | 'reason' | 'count'> & {
      email: string;
      name: string;
      locale: string | null;
    }
  >
> {
  return queryRows(
    db,
    sql`select n.id, n.kind, n.subject_id as "subjectId", n.params, n.reason, n.count, u.email, u.name, u.locale
        from notifications n join users u on u.id = n.user_id
        where n.email_state = 'pending' and u.status = 'active' and u.deleted_at is null
        order by n.created_at limit ${limit}`,
  );
}

/** Records e-mails as sent. */
export async function markEmailsSent(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update notifications set email_state = 'sent' where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/** A user's stored channel choices per kind (unset kinds are absent). */
export async function findPreferences(db: Executor, userId: string): Promise<Record<string, { inApp: boolean; email: boolean }>> {
  const [row] = await queryRows<{ kinds: Record<string, { inApp: boolean; email: boolean }> }>(
    db,
    sql`select kinds from notification_preferences where user_id = ${userId}`,
  );
  return row?.kinds ?? {};
}

/** Merges the kinds sent into the user's stored choices (jsonb ||: kinds not sent keep theirs). */
export async function savePreferences(
  db: Executor,
  userId: string,
  kinds: Record<string, { inApp: boolean; email: boolean }>,
): Promise<void> {
  await db.execute(
    sql`insert into notification_preferences (user_id, kinds) values (${userId}, ${JSON.stringify(kinds)}::jsonb)
        on conflict (user_id) do update set kinds = notification_preferences.kinds || excluded.kinds, updated_at = now()`,
  );
}
