import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { CAMPAIGN_ERROR_CODES, type CampaignStatus } from '@sms/contracts/campaigns';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { Conflict } from '../../platform/errors.ts';

/**
 * The campaign state machine, in one place (listmonk's UpdateCampaignStatus):
 * draft -> scheduled -> sending <-> paused -> completed; cancelled from any state before
 * completed; failed only when the gateway is unusable; scheduled <-> paused only by the sending
 * hold (decision 072); draft -> in_review -> scheduled or sending (approved) or draft (rejected,
 * decision 101). Every status change goes through
 * `transitionCampaign` (one campaign) or `transitionCampaigns` (every campaign meeting a
 * condition), each a single conditional UPDATE, so two processes can never both win a race.
 */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  draft: ['scheduled', 'sending', 'cancelled', 'in_review'],
  // Back to draft when the schedule is removed while editing; paused while sending is held.
  scheduled: ['draft', 'sending', 'paused', 'cancelled', 'failed'],
  sending: ['paused', 'completed', 'cancelled', 'failed'],
  // Back to scheduled when sending is resumed after a hold that paused a scheduled campaign.
  paused: ['sending', 'scheduled', 'cancelled', 'failed'],
  completed: [],
  cancelled: [],
  failed: [],
  // Waiting for approval (decision 101): approved, it launches as requested; rejected or withdrawn, back to draft.
  in_review: ['draft', 'scheduled', 'sending', 'cancelled'],
};

/** Whether a campaign may go from one status to another. */
export function canTransition(from: CampaignStatus, to: CampaignStatus): boolean {
  return CAMPAIGN_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` can be reached. */
export function sourcesOf(to: CampaignStatus): CampaignStatus[] {
  return (Object.keys(CAMPAIGN_TRANSITIONS) as CampaignStatus[]).filter((from) => canTransition(from, to));
}

const VERBS: Record<CampaignStatus, string> = {
  draft: 'return to draft',
  scheduled: 'schedule',
  sending: 'send',
  paused: 'pause',
  completed: 'complete',
  cancelled: 'cancel',
  failed: 'fail',
  in_review: 'send for approval',
};

/** The 409 for a move the state machine does not allow. */
export function illegalTransition(from: CampaignStatus, to: CampaignStatus): Conflict {
  return new Conflict(`Cannot ${VERBS[to]} a campaign that is ${from}`, { code: CAMPAIGN_ERROR_CODES.illegalTransition });
}

/** Columns stamped alongside a status change. */
export interface TransitionStamp {
  /** Why (the engine's pauses and failures); every other move clears the reason. */
  statusReason?: CampaignStatusReason | null;
  scheduledAt?: Date | null;
  gatewayId?: string | null;
}

/** The SET list of a move to `to`: the status, then the columns stamped with it. */
function assignments(to: CampaignStatus, options: TransitionStamp): SQL {
  const stamps = [
    sql`status_reason = ${options.statusReason ? JSON.stringify(options.statusReason) : null}::jsonb`,
    options.scheduledAt !== undefined ? sql`scheduled_at = ${options.scheduledAt?.toISOString() ?? null}::timestamptz` : undefined,
    options.gatewayId !== undefined ? sql`gateway_id = ${options.gatewayId}` : undefined,
    // launched_at is when sending started (decision 084): stamped by the first move to sending, so a
    // scheduled campaign has none until its time comes; a resume keeps the first one.
    to === 'sending' ? sql`launched_at = coalesce(launched_at, now())` : undefined,
    // A draft has not been launched (a scheduled campaign whose schedule is removed goes back).
    to === 'draft' ? sql`launched_at = null` : undefined,
    to === 'completed' ? sql`completed_at = now()` : undefined,
    to === 'cancelled' ? sql`cancelled_at = now()` : undefined,
    to === 'sending' ? sql`consecutive_errors = 0` : undefined,
  ].filter((part) => part !== undefined);
  return sql`status = ${to}, updated_at = now(), ${sql.join(stamps, sql`, `)}`;
}

/** The statuses of `from` (all of them when absent) that may move to `to`, as an SQL list; null when none may. */
function allowedSources(to: CampaignStatus, from: readonly CampaignStatus[] | undefined): SQL | null {
  const allowed = (from ?? sourcesOf(to)).filter((status) => canTransition(status, to));
  return allowed.length === 0
    ? null
    : sql.join(
        allowed.map((status) => sql`${status}`),
        sql`, `,
      );
}

/**
 * Moves a campaign to `to` if its current status allows it (optionally only from `from`).
 * Answers the new status and the previous one, or null when the campaign was not in an allowed
 * state (the caller decides whether that is a 409 or a lost race).
 */
export async function transitionCampaign(
  db: Executor,
  id: string,
  to: CampaignStatus,
  options: TransitionStamp & { from?: readonly CampaignStatus[] } = {},
): Promise<{ previous: CampaignStatus } | null> {
  const from = allowedSources(to, options.from);
  if (!from) return null;
  // `previous` reads the row as it was before this UPDATE (the FROM subquery's snapshot).
  const rows = await queryRows<{ previous: CampaignStatus }>(
    db,
    sql`update campaigns c set ${assignments(to, options)}
        from (select id, status as previous from campaigns where id = ${id}) before
        where c.id = before.id and c.status in (${from})
        returning before.previous`,
  );
  return rows[0] ?? null;
}

/**
 * Moves every campaign in one of the `from` statuses that also meets `where` (a condition on
 * campaigns `c`) to `to`, in one conditional statement checked against the same table. Answers
 * the ids of the campaigns moved. For the engine's moves of many campaigns at once (a schedule
 * that came due, a campaign with nothing left to send).
 */
export async function transitionCampaigns(
  db: Executor,
  to: CampaignStatus,
  options: TransitionStamp & { from: readonly CampaignStatus[]; where: SQL },
): Promise<string[]> {
  const from = allowedSources(to, options.from);
  if (!from) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update campaigns c set ${assignments(to, options)} where c.status in (${from}) and (${options.where}) returning c.id`,
  );
  return rows.map((row) => row.id);
}
