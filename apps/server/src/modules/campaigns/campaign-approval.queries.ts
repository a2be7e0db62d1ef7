import type { ApprovalState } from '@sms/contracts/campaign-approval';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import type { NotificationKind } from '@sms/contracts/notifications';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/** The approval rule: campaigns to more than this many recipients need approval; null when off. */
export async function readApprovalThreshold(db: Executor): Promise<number | null> {
  const value = await getSetting<{ threshold?: unknown }>(db, SETTING_KEYS.campaignApproval);
  const threshold = value?.threshold;
  return typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1 ? threshold : null;
}

/** Stores the approval rule. */
export async function saveApprovalThreshold(db: Executor, threshold: number | null): Promise<void> {
  await putSetting(db, SETTING_KEYS.campaignApproval, { threshold });
}

export interface ApprovalRow {
  id: string;
  state: ApprovalState;
  requestedBy: string | null;
  requestedByName: string | null;
  requestedAt: Date;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  comment: string | null;
}

const approvalColumns = sql`a.id, a.state, a.requested_by as "requestedBy", r.name as "requestedByName", a.requested_at as "requestedAt",
  a.decided_by as "decidedBy", d.name as "decidedByName", a.decided_at as "decidedAt", a.comment`;

/** Normalises driver values (PGlite and pg answer timestamps alike, but ids may differ in type). */
const toApproval = (row: ApprovalRow): ApprovalRow => ({
  ...row,
  id: String(row.id),
  requestedAt: new Date(row.requestedAt),
  decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
});

/** A campaign's approval requests with the people's names, newest first. */
export async function listApprovals(db: Executor, campaignId: string): Promise<ApprovalRow[]> {
  const rows = await queryRows<ApprovalRow>(
    db,
    sql`select ${approvalColumns} from campaign_approvals a
        left join users r on r.id = a.requested_by left join users d on d.id = a.decided_by
        where a.campaign_id = ${campaignId} order by a.requested_at desc, a.id desc`,
  );
  return rows.map(toApproval);
}

/** The newest approval request of a campaign, or undefined. */
export async function latestApproval(db: Executor, campaignId: string): Promise<ApprovalRow | undefined> {
  return (await listApprovals(db, campaignId))[0];
}

/** The contact ids of a campaign's explicit audience list. */
export async function listAudienceContactIds(db: Executor, campaignId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select contact_id as id from campaign_audience_contacts where campaign_id = ${campaignId}`,
  );
  return rows.map((row) => String(row.id));
}

/** Records a request for approval (pending). */
export async function insertApproval(db: Executor, campaignId: string, requestedBy: string): Promise<void> {
  await db.execute(sql`insert into campaign_approvals (campaign_id, requested_by) values (${campaignId}, ${requestedBy})`);
}

/** Records that an approval was withdrawn by an edit (a new row: the approved one stays in the history). */
export async function insertWithdrawal(db: Executor, campaignId: string, actorId: string): Promise<void> {
  await db.execute(
    sql`insert into campaign_approvals (campaign_id, state, requested_by, decided_by, decided_at)
        values (${campaignId}, 'withdrawn', ${actorId}, ${actorId}, now())`,
  );
}

/**
 * Closes the campaign's pending request (`from`) as approved, rejected or withdrawn. Answers
 * whether one was closed.
 */
export async function closeApproval(
  db: Executor,
  campaignId: string,
  from: ApprovalState,
  to: ApprovalState,
  decidedBy: string,
  comment: string | null = null,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update campaign_approvals set state = ${to}, decided_by = ${decidedBy}, decided_at = now(),
               comment = coalesce(${comment}, comment)
        where campaign_id = ${campaignId} and state = ${from} returning id`,
  );
  return rows.length > 0;
}

/**
 * Puts a notification in the bell of users, one row each (the same table the notifications
 * module's sweep writes; in the app only unless they asked otherwise: e-mails go with the sweep's).
 * `to`: the approvers (active managers and admins, less `except`) or these users.
 */
export async function notifyAboutCampaign(
  db: Executor,
  input: {
    kind: NotificationKind;
    campaignId: string;
    eventKey: string;
    params: Record<string, string | null>;
    to: { approversExcept: string[] } | { users: string[] };
  },
): Promise<void> {
  const who =
    'users' in input.to
      ? sql`u.id = any(${sql.param(input.to.users.filter(Boolean))}::uuid[]) and u.role in ('admin', 'manager')`
      : sql`u.role in ('admin', 'manager') and not (u.id = any(${sql.param(input.to.approversExcept.filter(Boolean))}::uuid[]))`;
  await db.execute(
    sql`insert into notifications (user_id, kind, event_key, subject_id, params, in_app)
        select u.id, ${input.kind}, ${input.eventKey}, ${input.campaignId}, ${JSON.stringify(input.params)}::jsonb,
               coalesce((p.kinds -> ${input.kind} ->> 'inApp')::boolean, true)
        from users u left join notification_preferences p on p.user_id = u.id
        where u.status = 'active' and u.deleted_at is null and ${who}
        on conflict (user_id, event_key) do nothing`,
  );
}

export interface BoardRow {
  id: string;
  name: string;
  status: CampaignStatus;
  audience: Record<string, unknown>;
  createdBy: string | null;
  authorName: string | null;
  scheduledAt: Date | null;
  timeZone: string;
  updatedAt: Date;
  approval: ApprovalState | null;
}

/**
 * The board's campaigns: every one not finished, then the `doneLimit` finished most recently
 * (one more, to tell that some were left out), each with its author and its latest approval state.
 */
export async function listBoardCampaigns(db: Executor, doneLimit: number): Promise<BoardRow[]> {
  const columns = sql`c.id, c.name, c.status, c.audience, c.created_by as "createdBy", u.name as "authorName",
    c.scheduled_at as "scheduledAt", c.time_zone as "timeZone", c.updated_at as "updatedAt",
    (select a.state from campaign_approvals a where a.campaign_id = c.id order by a.requested_at desc, a.id desc limit 1) as approval`;
  const rows = await queryRows<BoardRow>(
    db,
    sql`(select ${columns} from campaigns c left join users u on u.id = c.created_by
         where c.status not in ('completed', 'cancelled', 'failed') order by c.updated_at desc limit 1000)
        union all
        (select ${columns} from campaigns c left join users u on u.id = c.created_by
         where c.status in ('completed', 'cancelled', 'failed') order by c.updated_at desc limit ${doneLimit + 1})`,
  );
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    scheduledAt: row.scheduledAt ? new Date(row.scheduledAt) : null,
    updatedAt: new Date(row.updatedAt),
  }));
}
