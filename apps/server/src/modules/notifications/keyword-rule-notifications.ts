import { ROLES } from '@sms/contracts/roles';
import { roleReceives } from '@sms/contracts/notifications';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { RuleNotice } from '../keyword-rules/index.ts';

/** The roles that may receive a keyword rule's notice (those who may read the inbox). */
const RECEIVING = ROLES.filter((role) => roleReceives(role, 'keyword_rule'));

/**
 * The keyword rules' notify action (decision 104), given to them by the composition root: one
 * bell entry per reply and rule for the users it names and everyone of the roles it names, among
 * the active users who may read the inbox, with their preferences for the kind (in the app, by
 * e-mail when `emailAvailable`). One statement per batch; a key seen before writes nothing.
 */
export function notifyKeywordRules(emailAvailable: boolean) {
  return async (tx: Executor, notices: RuleNotice[]): Promise<void> => {
    if (notices.length === 0) return;
    const column = <T>(pick: (notice: RuleNotice) => T) => sql.param(notices.map(pick));
    await tx.execute(sql`with events as (
          select * from unnest(${column((n) => n.key)}::text[], ${column((n) => n.contactId)}::text[], ${column((n) => JSON.stringify(n.params))}::jsonb[],
                               ${column((n) => JSON.stringify(n.userIds))}::jsonb[], ${column((n) => JSON.stringify(n.roles))}::jsonb[])
            as e(event_key, subject_id, params, user_ids, roles)),
        recipients as (
          select distinct on (e.event_key, u.id) e.event_key, e.subject_id, e.params, u.id as user_id,
                 coalesce((p.kinds -> 'keyword_rule' ->> 'inApp')::boolean, true) as in_app,
                 coalesce((p.kinds -> 'keyword_rule' ->> 'email')::boolean, false) and ${emailAvailable}::boolean as email
          from events e
          join users u on (e.user_ids ? u.id::text or e.roles ? u.role)
          left join notification_preferences p on p.user_id = u.id
          where u.status = 'active' and u.deleted_at is null and u.role = any(${sql.param([...RECEIVING])}::text[]))
        insert into notifications (user_id, kind, event_key, subject_id, params, count, in_app, email_state)
        select user_id, 'keyword_rule', event_key, subject_id, params, 1, in_app, case when email then 'pending' end from recipients
        on conflict (user_id, event_key) do nothing`);
  };
}
