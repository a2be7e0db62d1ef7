import type { CampaignApprovalResponse } from '@sms/contracts/campaign-approval';
import type { StoredAudience } from '@sms/contracts/campaigns';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor, type Command } from '../../platform/audit.ts';
import { planLaunch, recordLaunch, type WakeDispatcher } from './campaign-actions.service.ts';
import { needsApproval, ownApproval } from './campaign-approval-rule.ts';
import {
  closeApproval,
  insertApproval,
  latestApproval,
  listApprovals,
  notifyAboutCampaign,
  readApprovalThreshold,
  type ApprovalRow,
} from './campaign-approval.queries.ts';
import { illegalTransition, transitionCampaign } from './campaign-state.ts';
import { countAudience, findCampaignRow, type CampaignRow } from './campaigns.queries.ts';

/** Who may decide: anyone with the right (the route checks it) but the campaign's author and the requester. */
function refuseOwn(actorId: string, campaign: CampaignRow, request: ApprovalRow | undefined): void {
  if (campaign.createdBy === actorId || request?.requestedBy === actorId) throw ownApproval();
}

/** The people a decision is told to: the author and the requester. */
const authorsOf = (campaign: CampaignRow, request: ApprovalRow | undefined): string[] => [
  ...new Set([campaign.createdBy, request?.requestedBy].filter((id): id is string => typeof id === 'string')),
];

/**
 * Sends a draft for approval instead of launching it: the launch's checks first (so an approver
 * is not asked about a campaign that could not go out), then draft -> in_review, the request, the
 * audit entry and a notification to every approver (managers and admins other than the author).
 */
export async function requestApproval(db: Db, input: Command & { target: CampaignRow }): Promise<void> {
  const campaign = input.target;
  if (campaign.status !== 'draft') throw illegalTransition(campaign.status, 'in_review');
  const plan = await planLaunch(db, campaign);
  await db.transaction(async (tx) => {
    const moved = await transitionCampaign(tx, campaign.id, 'in_review', { from: ['draft'] });
    if (!moved) throw illegalTransition((await findCampaignRow(tx, campaign.id))?.status ?? 'draft', 'in_review');
    await insertApproval(tx, campaign.id, input.actor.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.approval_request',
      subject: 'Campaign',
      subjectId: campaign.id,
      ip: input.ip,
      details: { name: campaign.name, recipients: plan.recipients, scheduledAt: campaign.scheduledAt?.toISOString() ?? null },
    });
    await notifyAboutCampaign(tx, {
      kind: 'campaign_approval_requested',
      campaignId: campaign.id,
      eventKey: `campaign-approval:${campaign.id}:${Date.now()}`,
      params: { name: campaign.name, by: input.actor.name },
      to: { approversExcept: [input.actor.id, campaign.createdBy ?? ''] },
    });
  });
}

/** The campaign in review and its pending request, refused when the actor is its author or requester. */
async function underReview(db: Db, actor: AuditActor, campaign: CampaignRow, to: 'sending' | 'draft') {
  if (campaign.status !== 'in_review')
    throw illegalTransition(campaign.status, to === 'draft' ? 'draft' : campaign.scheduledAt ? 'scheduled' : 'sending');
  const request = await latestApproval(db, campaign.id);
  refuseOwn(actor.id, campaign, request);
  return request;
}

/**
 * Approves a campaign in review: it goes on as requested (sending now, or scheduled at its time),
 * with the launch's checks and audit entry, the request marked approved, the author told.
 */
export async function approveCampaign(
  db: Db,
  input: Command & { target: CampaignRow; comment?: string | undefined; wake: WakeDispatcher },
): Promise<void> {
  const campaign = input.target;
  const request = await underReview(db, input.actor, campaign, 'sending');
  const plan = await planLaunch(db, campaign);
  await db.transaction(async (tx) => {
    await recordLaunch(tx, { actor: input.actor, ip: input.ip, campaign, plan, from: 'in_review' });
    await closeApproval(tx, campaign.id, 'pending', 'approved', input.actor.id, input.comment || null);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.approve',
      subject: 'Campaign',
      subjectId: campaign.id,
      ip: input.ip,
      details: { name: campaign.name, to: plan.to, recipients: plan.recipients, comment: input.comment || null },
    });
    await notifyAboutCampaign(tx, {
      kind: 'campaign_approved',
      campaignId: campaign.id,
      eventKey: `campaign-approved:${campaign.id}:${Date.now()}`,
      params: { name: campaign.name, by: input.actor.name },
      to: { users: authorsOf(campaign, request) },
    });
  });
  input.wake();
}

/** Rejects a campaign in review with a comment: back to draft, the request rejected, the author told why. */
export async function rejectCampaign(db: Db, input: Command & { target: CampaignRow; comment: string }): Promise<void> {
  const campaign = input.target;
  const request = await underReview(db, input.actor, campaign, 'draft');
  await db.transaction(async (tx) => {
    const moved = await transitionCampaign(tx, campaign.id, 'draft', { from: ['in_review'] });
    if (!moved) throw illegalTransition((await findCampaignRow(tx, campaign.id))?.status ?? 'in_review', 'draft');
    await closeApproval(tx, campaign.id, 'pending', 'rejected', input.actor.id, input.comment);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.reject',
      subject: 'Campaign',
      subjectId: campaign.id,
      ip: input.ip,
      details: { name: campaign.name, comment: input.comment },
    });
    await notifyAboutCampaign(tx, {
      kind: 'campaign_approval_rejected',
      campaignId: campaign.id,
      eventKey: `campaign-rejected:${campaign.id}:${Date.now()}`,
      params: { name: campaign.name, by: input.actor.name, comment: input.comment },
      to: { users: authorsOf(campaign, request) },
    });
  });
}

/** Takes a campaign in review back to draft (its author or anyone who may launch): the request is withdrawn. */
export async function withdrawRequest(db: Db, input: Command & { target: CampaignRow }): Promise<void> {
  const campaign = input.target;
  if (campaign.status !== 'in_review') throw illegalTransition(campaign.status, 'draft');
  await db.transaction(async (tx) => {
    const moved = await transitionCampaign(tx, campaign.id, 'draft', { from: ['in_review'] });
    if (!moved) throw illegalTransition((await findCampaignRow(tx, campaign.id))?.status ?? 'in_review', 'draft');
    await closeApproval(tx, campaign.id, 'pending', 'withdrawn', input.actor.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.approval_withdraw',
      subject: 'Campaign',
      subjectId: campaign.id,
      ip: input.ip,
      details: { name: campaign.name, reason: 'moved_to_draft' },
    });
  });
}

const LAUNCHED = new Set(['scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed']);

/** The approval as the campaign page shows it: the rule, whether it applies, the state and the history. */
export async function campaignApprovalView(
  db: Db,
  campaign: CampaignRow,
  actor: { id: string; canApprove: boolean },
): Promise<CampaignApprovalResponse> {
  const [threshold, history] = await Promise.all([readApprovalThreshold(db), listApprovals(db, campaign.id)]);
  const audienceSize = LAUNCHED.has(campaign.status)
    ? null
    : (await countAudience(db, campaign.audience as StoredAudience, campaign.id)).count;
  const latest = history[0];
  const own = campaign.createdBy === actor.id || latest?.requestedBy === actor.id;
  const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? 'Deleted user' } : null);
  return {
    threshold,
    audienceSize,
    required: audienceSize !== null && needsApproval(threshold, audienceSize),
    state: latest?.state ?? null,
    canDecide: actor.canApprove && campaign.status === 'in_review' && !own,
    history: history.map((row) => ({
      id: row.id,
      state: row.state,
      requestedBy: person(row.requestedBy, row.requestedByName),
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: person(row.decidedBy, row.decidedByName),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      comment: row.comment,
    })),
  };
}
