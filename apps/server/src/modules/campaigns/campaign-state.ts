import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { CAMPAIGN_ERROR_CODES, type CampaignStatus } from '@sms/contracts/campaigns';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { Conflict } from '../../platform/errors.ts';

/**
 * The campaign state machine, in one place (listmonk's UpdateCampaignStatus):
 * draft -> scheduled -> sending <-> paused -> completed; cancelled from any state before
 * completed; failed only when the gateway is unusable. Every status change goes through
 * `transitionCampaign`, a single conditional UPDATE, so two processes can never both win a race.
 */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  draft: ['scheduled', 'sending', 'cancelled'],
  // Back to draft when the schedule is removed while editing.
  scheduled: ['draft', 'sending', 'cancelled', 'failed'],
  sending: ['paused', 'completed', 'cancelled', 'failed'],
  paused: ['sending', 'cancelled', 'failed'],
  completed: [],
  cancelled: [],
  failed: [],
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
  launched?: boolean;
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
  const from = (options.from ?? sourcesOf(to)).filter((status) => canTransition(status, to));
  if (from.length === 0) return null;
  const stamps = [
    sql`status_reason = ${options.statusReason ? JSON.stringify(options.statusReason) : null}::jsonb`,
    options.scheduledAt !== undefined ? sql`scheduled_at = ${options.scheduledAt?.toISOString() ?? null}::timestamptz` : undefined,
    options.gatewayId !== undefined ? sql`gateway_id = ${options.gatewayId}` : undefined,
    options.launched ? sql`launched_at = coalesce(launched_at, now())` : undefined,
    to === 'completed' ? sql`completed_at = now()` : undefined,
    to === 'cancelled' ? sql`cancelled_at = now()` : undefined,
    to === 'sending' ? sql`consecutive_errors = 0` : undefined,
  ].filter((part) => part !== undefined);
  // `previous` reads the row as it was before this UPDATE (the FROM subquery's snapshot).
  const rows = await queryRows<{ previous: CampaignStatus }>(
    db,
    sql`update campaigns c set status = ${to}, updated_at = now(), ${sql.join(stamps, sql`, `)}
        from (select id, status as previous from campaigns where id = ${id}) before
        where c.id = before.id and c.status in (${sql.join(from.map((status) => sql`${status}`), sql`, `)})
        returning before.previous`,
  );
  return rows[0] ?? null;
}
