import type { Role } from '@sms/contracts/roles';
import type { TeamQuery, TeamStatus } from '@sms/contracts/team';
import type { UserAvailability } from '@sms/contracts/tickets';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { openAssignedCountSql } from '../tickets/index.ts';

/**
 * One person of the team as the list reads it: who they are, then one column per figure, then the
 * open invitation (invited people). A new figure is one more column in `people` below (a join or
 * a subquery per user, null for invitations), or, when it is a count, one more in `figures` (worked
 * out for the page's rows only), and one more field in the presenter.
 */
export interface TeamRow {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  role: Role;
  status: TeamStatus;
  // Figures
  last_seen_at: Date | string | null;
  availability: UserAvailability | null;
  open_conversations: number | null;
  notes_written: number | null;
  // The invitation (invited people only)
  invited_by: string | null;
  invited_by_name: string | null;
  sent_at: Date | string | null;
  expires_at: Date | string | null;
  expired: boolean | null;
}

// Accounts (not deleted) and open invitations, in one relation.
const people = sql`
  select u.id::text as id, u.id::text as user_id, u.name, u.email, u.role, u.status,
         p.last_seen_at, u.availability,
         null::text as invited_by, null::text as invited_by_name,
         null::timestamptz as sent_at, null::timestamptz as expires_at, null::boolean as expired
    from users u left join user_presence p on p.user_id = u.id
   where u.deleted_at is null
  union all
  select i.id::text, null, i.name, i.email, i.role, 'invited',
         null, null,
         i.invited_by::text, b.name,
         i.sent_at, i.expires_at, i.expires_at <= now()
    from user_invitations i left join users b on b.id = i.invited_by
   where i.accepted_at is null and i.revoked_at is null`;

/**
 * The counted figures of a person of `t` (null for invitations): the conversations assigned to
 * them that are open (the tickets' definition of open), and the notes they wrote.
 */
const figures = sql`
  case when t.user_id is null then null else ${openAssignedCountSql(sql`t.user_id::uuid`)} end as open_conversations,
  case when t.user_id is null then null
       else (select count(*)::int from contact_notes n where n.author_id = t.user_id::uuid) end as notes_written`;

const where = (query: Pick<TeamQuery, 'search' | 'status'>): SQL => {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    conditions.push(sql`(lower(t.name) like ${pattern} or lower(t.email) like ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
};

/** One page of the team by name, and the total under the filters. */
export async function listTeam(db: Executor, query: TeamQuery): Promise<{ rows: TeamRow[]; total: number }> {
  const filter = where(query);
  const [rows, [total]] = await Promise.all([
    queryRows<TeamRow>(
      db,
      sql`select t.*, ${figures} from (${people}) t where ${filter} order by lower(t.name), t.id limit ${query.limit} offset ${query.skip}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${people}) t where ${filter}`),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One person by id (an account's or an invitation's). */
export async function findTeamMember(db: Executor, id: string): Promise<TeamRow | undefined> {
  const [row] = await queryRows<TeamRow>(db, sql`select t.*, ${figures} from (${people}) t where t.id = ${id}`);
  return row;
}
